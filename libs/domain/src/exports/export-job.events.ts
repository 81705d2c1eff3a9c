import type { ExportDocumentResult, ExportFormat } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

export type ExportRequested = DomainEvent<
  'ExportRequested',
  { exportId: string; client_no: number; accounting: number; format: ExportFormat; documentIds: number[]; requestedBy: string }
>;
export type ExportCompleted = DomainEvent<'ExportCompleted', { fileSha256: string; fileName: string; count: number; documentResults: ExportDocumentResult[] }>;
/** `documentIds`: the documents the reason names (failures recorded before they were named carry none). */
export type ExportFailed = DomainEvent<'ExportFailed', { reason: string; documentIds?: number[] }>;

export type ExportJobEvent = ExportRequested | ExportCompleted | ExportFailed;

export const EXPORT_JOB_EVENT_TYPES = ['ExportRequested', 'ExportCompleted', 'ExportFailed'] as const;

export const exportJobStreamId = (exportId: string) => `export-${exportId}`;
