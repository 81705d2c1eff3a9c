import type { ExportDocumentResult } from '@portal/contracts';
import { domainEventOf } from '../stored-events';
import type { ExportJobEvent } from '../exports/export-job.events';
import type { LedgerEvent } from './ledger.rules';
import { documentsNamedByFailure, exportFailureReasonFor } from '../exports/export-failure-reason';

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
  /** The documents of the job (facts folded before they were kept carry none). */
  documentIds?: number[];
  /** The documents the failure reason names. */
  reasonDocumentIds?: number[];
}

export const EXPORT_FACT_EVENTS = ['ExportRequested', 'ExportCompleted', 'ExportFailed'] as const;

export function evolveExportFact(fact: ExportFact | null, recorded: LedgerEvent): ExportFact | null {
  const event = domainEventOf<ExportJobEvent>(recorded);
  const at = recorded.metadata.time;
  switch (event.type) {
    case 'ExportRequested': {
      const d = event.data;
      return {
        id: d.exportId,
        client_no: d.client_no,
        accounting: d.accounting,
        format: d.format,
        requested_at: at,
        requested_by: d.requestedBy,
        status: 'in progress',
        finished_at: null,
        documents: d.documentIds.length,
        documentIds: d.documentIds,
        results: [],
        reason: null,
      };
    }
    case 'ExportCompleted':
      return fact && { ...fact, status: 'done', finished_at: at, results: event.data.documentResults };
    case 'ExportFailed':
      return fact && { ...fact, status: 'failed', finished_at: at, reason: event.data.reason, reasonDocumentIds: documentsNamedByFailure(event.data) };
    default:
      return fact;
  }
}

/**
 * An export job as a reader who may not see some documents (payroll without dpv) reports it: without those
 * documents, their results and a reason naming one; a job of such documents alone is not there (null).
 */
export function exportFactFor(fact: ExportFact, hidden: (documentId: number) => boolean): ExportFact | null {
  const ids = fact.documentIds;
  if (ids !== undefined && ids.length > 0 && ids.every(hidden)) return null;
  const named = fact.reasonDocumentIds ?? (fact.reason === null ? [] : documentsNamedByFailure({ reason: fact.reason }));
  return {
    ...fact,
    ...(ids === undefined ? {} : { documentIds: ids.filter((id) => !hidden(id)), documents: ids.filter((id) => !hidden(id)).length }),
    results: fact.results.filter((r) => !hidden(r.documentId)),
    reason: fact.reason === null ? null : exportFailureReasonFor(fact.reason, named, hidden),
  };
}
