import type { Decider } from '../shared/decider';
import { conflict, invalid } from '../shared/domain-error';
import type { FonImportCompleted, FonImportEvent, FonImportStarted } from './fon-import.events';
import { evolveFonImport, initialFonImportState, type FonImportState } from './fon-import.state';

export type StartFonImport = { type: 'StartFonImport' } & FonImportStarted['data'];
export type CompleteFonImport = { type: 'CompleteFonImport'; counts: FonImportCompleted['data']['counts']; rejected: FonImportCompleted['data']['rejected'] };
export type FailFonImport = { type: 'FailFonImport'; reason: string };
/** The running process is still at it (nothing once the job has ended). */
export type BeatFonImport = { type: 'BeatFonImport' };
export type FonImportCommand = StartFonImport | BeatFonImport | CompleteFonImport | FailFonImport;

export function decideFonImport(command: FonImportCommand, { status, fetch }: FonImportState): FonImportEvent[] {
  const withFetch = fetch ? { fetch } : {};
  switch (command.type) {
    case 'StartFonImport': {
      if (status !== 'none') return [];
      if (!Number.isInteger(command.taxYear) || command.taxYear < 2020 || command.taxYear > 2100) throw invalid('must be a number', { key: 'mustBeNumber', field: 'tax_year' });
      const { type: _t, ...data } = command;
      return [{ type: 'FonImportStarted', data }];
    }
    case 'BeatFonImport':
      return status === 'in progress' ? [{ type: 'FonImportHeartbeat', data: {} }] : [];
    case 'CompleteFonImport':
      if (status === 'done') return [];
      if (status !== 'in progress') throw conflict('The import is not running.');
      return [{ type: 'FonImportCompleted', data: { counts: command.counts, rejected: command.rejected.slice(0, 100), ...withFetch } }];
    case 'FailFonImport':
      if (status === 'failed') return [];
      if (status !== 'in progress') throw conflict('The import is not running.');
      return [{ type: 'FonImportFailed', data: { reason: command.reason.trim().slice(0, 1000) || 'The import failed.', ...withFetch } }];
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
