import type { Decider, DomainEvent } from '../shared/decider';
import { conflict } from '../shared/domain-error';

/**
 * Usernames are unique (case-insensitively) without asking a read model: registering claims the
 * stream `username-<lower case name>` first; a second claim of the same name is refused. This holds
 * for every writer, also the `npm run user` command while the portal runs or is stopped. Deleting a
 * user releases the name, so it can be given to someone new.
 */
export type UsernameClaimed = DomainEvent<'UsernameClaimed', { userId: string }>;
export type UsernameReleased = DomainEvent<'UsernameReleased', { userId: string }>;
export type UsernameEvent = UsernameClaimed | UsernameReleased;
export type ClaimUsername = { type: 'ClaimUsername'; userId: string };
export type ReleaseUsername = { type: 'ReleaseUsername'; userId: string };
export type UsernameState = { claimedBy: string | null };

export const usernameStreamId = (username: string) => `username-${username.trim().toLowerCase()}`;

export const usernameDecider: Decider<UsernameState, ClaimUsername | ReleaseUsername, UsernameEvent> = {
  initialState: { claimedBy: null },
  evolve: (_state, event) => ({ claimedBy: event.type === 'UsernameClaimed' ? event.data.userId : null }),
  decide(command, state) {
    if (command.type === 'ReleaseUsername') return state.claimedBy === command.userId ? [{ type: 'UsernameReleased', data: { userId: command.userId } }] : [];
    if (state.claimedBy === command.userId) return [];
    if (state.claimedBy !== null) throw conflict('This username is already taken.');
    return [{ type: 'UsernameClaimed', data: { userId: command.userId } }];
  },
};

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
