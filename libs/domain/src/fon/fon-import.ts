import type { FonImport, FonImportSource } from '@portal/contracts';
import type { Decider, DomainEvent } from '../shared/decider';
import { conflict, invalid } from '../shared/domain-error';

/** An import job (spec 4 "Import status: in progress, failed"): started, then done with its counts or failed with a reason. */
export type FonImportStarted = DomainEvent<'FonImportStarted', { importId: string; firmId: string; fonUserId: string | null; source: FonImportSource; taxYear: number; fileName: string | null; fileSha256: string | null }>;
export type FonImportCompleted = DomainEvent<'FonImportCompleted', { counts: NonNullable<FonImport['counts']>; rejected: FonImport['rejected_rows'] }>;
export type FonImportFailed = DomainEvent<'FonImportFailed', { reason: string }>;
export type FonImportEvent = FonImportStarted | FonImportCompleted | FonImportFailed;
export const FON_IMPORT_EVENT_TYPES: readonly FonImportEvent['type'][] = ['FonImportStarted', 'FonImportCompleted', 'FonImportFailed'];

export type StartFonImport = { type: 'StartFonImport' } & FonImportStarted['data'];
export type CompleteFonImport = { type: 'CompleteFonImport' } & FonImportCompleted['data'];
export type FailFonImport = { type: 'FailFonImport'; reason: string };
export type FonImportCommand = StartFonImport | CompleteFonImport | FailFonImport;

type State = 'none' | 'in progress' | 'done' | 'failed';
export const fonImportStreamId = (importId: string) => `fon-import-${importId}`;

function decide(command: FonImportCommand, state: State): FonImportEvent[] {
  switch (command.type) {
    case 'StartFonImport': {
      if (state !== 'none') return [];
      if (!Number.isInteger(command.taxYear) || command.taxYear < 2020 || command.taxYear > 2100) throw invalid('must be a number', { key: 'mustBeNumber', field: 'tax_year' });
      const { type: _t, ...data } = command;
      return [{ type: 'FonImportStarted', data }];
    }
    case 'CompleteFonImport':
      if (state === 'done') return [];
      if (state !== 'in progress') throw conflict('The import is not running.');
      return [{ type: 'FonImportCompleted', data: { counts: command.counts, rejected: command.rejected.slice(0, 100) } }];
    case 'FailFonImport':
      if (state === 'failed') return [];
      if (state !== 'in progress') throw conflict('The import is not running.');
      return [{ type: 'FonImportFailed', data: { reason: command.reason.trim().slice(0, 1000) || 'The import failed.' } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

const evolve = (_: State, event: FonImportEvent): State => (event.type === 'FonImportStarted' ? 'in progress' : event.type === 'FonImportCompleted' ? 'done' : 'failed');

export const fonImportDecider: Decider<State, FonImportCommand, FonImportEvent> = { initialState: 'none', evolve, decide: (c, s) => decide(c, s) };
