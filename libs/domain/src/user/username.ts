import type { Decider, DomainEvent } from '../shared/decider';
import { conflict } from '../shared/domain-error';

/**
 * Usernames are unique (case-insensitively) without asking a read model: registering claims the
 * stream `username-<lower case name>` first; a second claim of the same name is refused. This holds
 * for every writer, also the `npm run user` command while the portal runs or is stopped.
 */
export type UsernameClaimed = DomainEvent<'UsernameClaimed', { userId: string }>;
export type ClaimUsername = { type: 'ClaimUsername'; userId: string };
export type UsernameState = { claimedBy: string | null };

export const usernameStreamId = (username: string) => `username-${username.trim().toLowerCase()}`;

export const usernameDecider: Decider<UsernameState, ClaimUsername, UsernameClaimed> = {
  initialState: { claimedBy: null },
  evolve: (_state, event) => ({ claimedBy: event.data.userId }),
  decide(command, state) {
    if (state.claimedBy === command.userId) return [];
    if (state.claimedBy !== null) throw conflict('This username is already taken.');
    return [{ type: 'UsernameClaimed', data: { userId: command.userId } }];
  },
};
