import type { ExportJobEvent } from '@portal/domain';
import { documentsNamedByFailure, domainEventOf } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import type { FailureOutcome, FailureSource } from './failure-source';

/** ERP export jobs that failed as a whole (the file could not be built); a retry starts a new export of the same period. */
export const exportFailures: FailureSource = {
  name: 'erp-exports',
  handles: ['ExportFailed'],
  read(recorded: RecordedEvent): FailureOutcome[] {
    const event = domainEventOf<ExportJobEvent>(recorded);
    if (event.type !== 'ExportFailed') return [];
    const exportId = recorded.streamId.replace(/^export-/, '');
    const client = recorded.metadata.clientNo;
    return [{ type: 'failed', kind: 'erp_export_failed', subject: `export-${exportId}`, client_no: client, document_id: null, link: client === null ? null : `/invoices/${client}`, subject_label: exportId.slice(0, 8), reason: event.data.reason, reason_document_ids: documentsNamedByFailure(event.data), retryable: true, ref: exportId }];
  },
};
