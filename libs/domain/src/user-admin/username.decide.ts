import type { Decider } from '../shared/decider';
import { conflict } from '../shared/domain-error';
import type { UsernameEvent } from './username.events';
import { evolveUsername, initialUsernameState, type UsernameState } from './username.state';

export type ClaimUsername = { type: 'ClaimUsername'; userId: string };
export type ReleaseUsername = { type: 'ReleaseUsername'; userId: string };
export type UsernameCommand = ClaimUsername | ReleaseUsername;

/** The same user claiming again changes nothing; another user's claim is refused. */
function claim(command: ClaimUsername, state: UsernameState): UsernameEvent[] {
  if (state.claimedBy === command.userId) return [];
  if (state.claimedBy !== null) throw conflict('This username is already taken.');
  return [{ type: 'UsernameClaimed', data: { userId: command.userId } }];
}

/** Only the holder releases the name. */
const release = (command: ReleaseUsername, state: UsernameState): UsernameEvent[] =>
  state.claimedBy === command.userId ? [{ type: 'UsernameReleased', data: { userId: command.userId } }] : [];

export function decideUsername(command: UsernameCommand, state: UsernameState): UsernameEvent[] {
  switch (command.type) {
    case 'ClaimUsername':
      return claim(command, state);
    case 'ReleaseUsername':
      return release(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const usernameDecider: Decider<UsernameState, UsernameCommand, UsernameEvent> = {
  initialState: initialUsernameState,
  evolve: evolveUsername,
  decide: (command, state) => decideUsername(command, state),
};
