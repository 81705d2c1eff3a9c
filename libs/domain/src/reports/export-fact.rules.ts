import type { ExportDocumentResult } from '@portal/contracts';
import { domainEventOf } from '../shared/decider';
import type { ExportJobEvent } from '../exports/export-job.events';
import type { LedgerEvent } from './ledger.rules';

/** One ERP export job as reports see it. */
export interface ExportFact {
  id: string;
  client_no: number;
  accounting: number;
  format: string;
  requested_at: string;
  requested_by: string;
  status: 'in progress' | 'done' | 'failed';
  finished_at: string | null;
  documents: number;
  results: ExportDocumentResult[];
  reason: string | null;
}

export const EXPORT_FACT_EVENTS = ['ExportRequested', 'ExportCompleted', 'ExportFailed'] as const;

export function evolveExportFact(fact: ExportFact | null, recorded: LedgerEvent): ExportFact | null {
  const event = domainEventOf<ExportJobEvent>(recorded);
  const at = recorded.metadata.time;
  switch (event.type) {
    case 'ExportRequested': {
      const d = event.data;
      return { id: d.exportId, client_no: d.client_no, accounting: d.accounting, format: d.format, requested_at: at, requested_by: d.requestedBy, status: 'in progress', finished_at: null, documents: d.documentIds.length, results: [], reason: null };
    }
    case 'ExportCompleted':
      return fact && { ...fact, status: 'done', finished_at: at, results: event.data.documentResults };
    case 'ExportFailed':
      return fact && { ...fact, status: 'failed', finished_at: at, reason: event.data.reason };
    default:
      return fact;
  }
}
