import type { Decider } from '../shared/decider';
import { invalid } from '../shared/domain-error';
import type { RpaErrorEvent } from './rpa-error.events';
import { evolveRpaError, initialRpaErrorState, type RpaErrorState } from './rpa-error.state';

export type ResolveRpaError = { type: 'ResolveRpaError'; errorId: string; remark: string };
export type RequestRpaRetry = { type: 'RequestRpaRetry'; errorId: string };
export type RpaErrorCommand = ResolveRpaError | RequestRpaRetry;

const REMARK_MAX = 500;

function resolve(command: ResolveRpaError): RpaErrorEvent[] {
  const remark = command.remark.trim();
  if (remark === '') throw invalid('Required field', { key: 'remarkRequired', field: 'remark' });
  if (remark.length > REMARK_MAX) throw invalid(`The remark must be at most ${REMARK_MAX} characters.`, { field: 'remark' });
  return [{ type: 'RpaErrorResolved', data: { errorId: command.errorId, remark } }];
}

export function decideRpaError(command: RpaErrorCommand): RpaErrorEvent[] {
  switch (command.type) {
    case 'ResolveRpaError':
      return resolve(command);
    case 'RequestRpaRetry':
      return [{ type: 'RpaErrorRetryRequested', data: { errorId: command.errorId } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const rpaErrorDecider: Decider<RpaErrorState, RpaErrorCommand, RpaErrorEvent> = {
  initialState: initialRpaErrorState,
  evolve: evolveRpaError,
  decide: (command) => decideRpaError(command),
};
