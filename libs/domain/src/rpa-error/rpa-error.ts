import type { Decider, DomainEvent } from '../shared/decider';
import { invalid } from '../shared/domain-error';

/**
 * What people do about an automation failure (the failure itself is projected from the failing
 * feature's events): run the step again, or mark it resolved with a remark. One stream per failure.
 */
export type RpaErrorResolved = DomainEvent<'RpaErrorResolved', { errorId: string; remark: string }>;
export type RpaErrorRetryRequested = DomainEvent<'RpaErrorRetryRequested', { errorId: string }>;
export type RpaErrorEvent = RpaErrorResolved | RpaErrorRetryRequested;

export type ResolveRpaError = { type: 'ResolveRpaError'; errorId: string; remark: string };
export type RequestRpaRetry = { type: 'RequestRpaRetry'; errorId: string };
export type RpaErrorCommand = ResolveRpaError | RequestRpaRetry;

export const RPA_ERROR_EVENT_TYPES: readonly RpaErrorEvent['type'][] = ['RpaErrorResolved', 'RpaErrorRetryRequested'];
export const rpaErrorStreamId = (errorId: string) => `rpa-error-${encodeURIComponent(errorId)}`;

const REMARK_MAX = 500;

function decideRpaError(command: RpaErrorCommand): RpaErrorEvent[] {
  switch (command.type) {
    case 'ResolveRpaError': {
      const remark = command.remark.trim();
      if (remark === '') throw invalid('Required field', { key: 'remarkRequired', field: 'remark' });
      if (remark.length > REMARK_MAX) throw invalid(`The remark must be at most ${REMARK_MAX} characters.`, { field: 'remark' });
      return [{ type: 'RpaErrorResolved', data: { errorId: command.errorId, remark } }];
    }
    case 'RequestRpaRetry':
      return [{ type: 'RpaErrorRetryRequested', data: { errorId: command.errorId } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const rpaErrorDecider: Decider<null, RpaErrorCommand, RpaErrorEvent> = {
  initialState: null,
  evolve: () => null,
  decide: (command) => decideRpaError(command),
};
