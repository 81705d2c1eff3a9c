import type { DomainEvent } from '../shared/decider';

/**
 * Usernames are unique (case-insensitively) without asking a read model: registering claims the
 * stream `username-<lower case name>` first; a second claim of the same name is refused. This holds
 * for every writer, also the `npm run user` command while the portal runs or is stopped. Deleting a
 * user releases the name, so it can be given to someone new.
 */
export type UsernameClaimed = DomainEvent<'UsernameClaimed', { userId: string }>;
export type UsernameReleased = DomainEvent<'UsernameReleased', { userId: string }>;
export type UsernameEvent = UsernameClaimed | UsernameReleased;

export const usernameStreamId = (username: string) => `username-${username.trim().toLowerCase()}`;
