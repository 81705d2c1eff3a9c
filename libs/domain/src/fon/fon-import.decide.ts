import type { Decider } from '../shared/decider';
import { conflict, mustBeNumber } from '../shared/domain-error';
import type { FonImportCompleted, FonImportEvent, FonImportStarted } from './fon-import.events';
import { evolveFonImport, initialFonImportState, type FonImportState } from './fon-import.state';

export type StartFonImport = { type: 'StartFonImport' } & FonImportStarted['data'];
export type CompleteFonImport = { type: 'CompleteFonImport'; counts: FonImportCompleted['data']['counts']; rejected: FonImportCompleted['data']['rejected'] };
export type FailFonImport = { type: 'FailFonImport'; reason: string };
/** The running process is still at it (nothing once the job has ended). */
export type BeatFonImport = { type: 'BeatFonImport' };
export type FonImportCommand = StartFonImport | BeatFonImport | CompleteFonImport | FailFonImport;

function start(command: StartFonImport, state: FonImportState): FonImportEvent[] {
  if (state.status !== 'none') return [];
  if (!Number.isInteger(command.taxYear) || command.taxYear < 2020 || command.taxYear > 2100) throw mustBeNumber('tax_year');
  const { type: _t, ...data } = command;
  return [{ type: 'FonImportStarted', data }];
}

/** A web-service fetch names its FON user and year on its outcome, so a later fetch of them is another attempt. */
const withFetch = (state: FonImportState) => (state.fetch ? { fetch: state.fetch } : {});

function complete(command: CompleteFonImport, state: FonImportState): FonImportEvent[] {
  if (state.status === 'done') return [];
  if (state.status !== 'in progress') throw conflict('The import is not running.');
  return [{ type: 'FonImportCompleted', data: { counts: command.counts, rejected: command.rejected.slice(0, 100), ...withFetch(state) } }];
}

function fail(command: FailFonImport, state: FonImportState): FonImportEvent[] {
  if (state.status === 'failed') return [];
  if (state.status !== 'in progress') throw conflict('The import is not running.');
  return [{ type: 'FonImportFailed', data: { reason: command.reason.trim().slice(0, 1000) || 'The import failed.', ...withFetch(state) } }];
}

export function decideFonImport(command: FonImportCommand, state: FonImportState): FonImportEvent[] {
  switch (command.type) {
    case 'StartFonImport':
      return start(command, state);
    case 'BeatFonImport':
      return state.status === 'in progress' ? [{ type: 'FonImportHeartbeat', data: {} }] : [];
    case 'CompleteFonImport':
      return complete(command, state);
    case 'FailFonImport':
      return fail(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const fonImportDecider: Decider<FonImportState, FonImportCommand, FonImportEvent> = {
  initialState: initialFonImportState,
  evolve: evolveFonImport,
  decide: (command, state) => decideFonImport(command, state),
};
