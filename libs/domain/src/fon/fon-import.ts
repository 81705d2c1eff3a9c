import type { FonImport, FonImportSource } from '@portal/contracts';
import type { Decider, DomainEvent } from '../shared/decider';
import { conflict, invalid } from '../shared/domain-error';

/**
 * An import job (spec 4 "Import status: in progress, failed"): started by a portal process (`instance`), which
 * beats while it runs (so another process tells a job of a stopped process from a running one), then done with
 * its counts or failed with a reason.
 */
export type FonImportStarted = DomainEvent<'FonImportStarted', { importId: string; firmId: string; fonUserId: string | null; source: FonImportSource; taxYear: number; fileName: string | null; fileSha256: string | null; instance?: string }>;
export type FonImportHeartbeat = DomainEvent<'FonImportHeartbeat', Record<string, never>>;
/** A web-service fetch of a FON user and tax year (the file imports have none): a later fetch of the same user and year is another attempt. */
export type FonFetch = { fonUserId: string; taxYear: number };
export type FonImportCompleted = DomainEvent<'FonImportCompleted', { counts: NonNullable<FonImport['counts']>; rejected: FonImport['rejected_rows']; fetch?: FonFetch }>;
export type FonImportFailed = DomainEvent<'FonImportFailed', { reason: string; fetch?: FonFetch }>;
export type FonImportEvent = FonImportStarted | FonImportHeartbeat | FonImportCompleted | FonImportFailed;
export const FON_IMPORT_EVENT_TYPES: readonly FonImportEvent['type'][] = ['FonImportStarted', 'FonImportHeartbeat', 'FonImportCompleted', 'FonImportFailed'];

export type StartFonImport = { type: 'StartFonImport' } & FonImportStarted['data'];
export type CompleteFonImport = { type: 'CompleteFonImport'; counts: FonImportCompleted['data']['counts']; rejected: FonImportCompleted['data']['rejected'] };
export type FailFonImport = { type: 'FailFonImport'; reason: string };
/** The running process is still at it (nothing once the job has ended). */
export type BeatFonImport = { type: 'BeatFonImport' };
export type FonImportCommand = StartFonImport | BeatFonImport | CompleteFonImport | FailFonImport;

type State = { status: 'none' | 'in progress' | 'done' | 'failed'; fetch: FonFetch | null };
export const fonImportStreamId = (importId: string) => `fon-import-${importId}`;

/** The fetch an import job is, for its outcome (null for a file import). */
const fetchOf = (data: FonImportStarted['data']): FonFetch | null => (data.source === 'fon-webservice' && data.fonUserId ? { fonUserId: data.fonUserId, taxYear: data.taxYear } : null);

function decide(command: FonImportCommand, { status, fetch }: State): FonImportEvent[] {
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

function evolve(state: State, event: FonImportEvent): State {
  switch (event.type) {
    case 'FonImportStarted':
      return { status: 'in progress', fetch: fetchOf(event.data) };
    case 'FonImportHeartbeat':
      return state;
    case 'FonImportCompleted':
      return { ...state, status: 'done' };
    case 'FonImportFailed':
      return { ...state, status: 'failed' };
  }
}

export const fonImportDecider: Decider<State, FonImportCommand, FonImportEvent> = { initialState: { status: 'none', fetch: null }, evolve, decide: (c, s) => decide(c, s) };
