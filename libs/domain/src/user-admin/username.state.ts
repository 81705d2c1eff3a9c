import type { UsernameEvent } from './username.events';

export type UsernameState = { claimedBy: string | null };

export const initialUsernameState: UsernameState = { claimedBy: null };

export const evolveUsername = (_state: UsernameState, event: UsernameEvent): UsernameState => ({
  claimedBy: event.type === 'UsernameClaimed' ? event.data.userId : null,
});

/** The user holding the name after these events of its claim stream (null: free). */
export function claimantOf(events: readonly { type: string; data: unknown }[]): string | null {
  let holder: string | null = null;
  for (const e of events) {
    const userId = (e.data as { userId?: unknown } | null)?.userId;
    if (e.type === 'UsernameClaimed' && typeof userId === 'string') holder = userId;
    if (e.type === 'UsernameReleased') holder = null;
  }
  return holder;
}
