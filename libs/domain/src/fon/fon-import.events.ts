import type { FonImport, FonImportSource } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

/**
 * An import job (in progress, done or failed): started by a portal process (`instance`), which
 * beats while it runs (so another process tells a job of a stopped process from a running one), then done with
 * its counts or failed with a reason.
 */
export type FonImportStarted = DomainEvent<
  'FonImportStarted',
  {
    importId: string;
    firmId: string;
    fonUserId: string | null;
    source: FonImportSource;
    taxYear: number;
    fileName: string | null;
    fileSha256: string | null;
    instance?: string;
  }
>;
export type FonImportHeartbeat = DomainEvent<'FonImportHeartbeat', Record<string, never>>;
/** A web-service fetch of a FON user and tax year (the file imports have none): a later fetch of the same user and year is another attempt. */
export type FonFetch = { fonUserId: string; taxYear: number };
export type FonImportCompleted = DomainEvent<
  'FonImportCompleted',
  { counts: NonNullable<FonImport['counts']>; rejected: FonImport['rejected_rows']; fetch?: FonFetch }
>;
export type FonImportFailed = DomainEvent<'FonImportFailed', { reason: string; fetch?: FonFetch }>;
export type FonImportEvent = FonImportStarted | FonImportHeartbeat | FonImportCompleted | FonImportFailed;
export const FON_IMPORT_EVENT_TYPES: readonly FonImportEvent['type'][] = ['FonImportStarted', 'FonImportHeartbeat', 'FonImportCompleted', 'FonImportFailed'];

export const fonImportStreamId = (importId: string) => `fon-import-${importId}`;
