import type { ExportJobEvent } from '@portal/domain';
import { documentsNamedByFailure, domainEventOf } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import type { FailureOutcome, FailureSource } from './failure-source';

/**
 * ERP export jobs that failed as a whole (the file could not be built); a retry starts a new export of the same
 * period. The job's documents come with its request: a failure of an export of payroll documents only is hidden
 * without dpv, like the job.
 */
export const exportFailures: FailureSource = {
  name: 'erp-exports',
  handles: ['ExportRequested', 'ExportFailed'],
  read(recorded: RecordedEvent): FailureOutcome[] {
    const event = domainEventOf<ExportJobEvent>(recorded);
    const exportId = recorded.streamId.replace(/^export-/, '');
    const client = recorded.metadata.clientNo;
    if (event.type === 'ExportRequested') return [{ type: 'composed', subject: `export-${exportId}`, client_no: client, document_ids: event.data.documentIds }];
    if (event.type !== 'ExportFailed') return [];
    return [
      {
        type: 'failed',
        kind: 'erp_export_failed',
        subject: `export-${exportId}`,
        client_no: client,
        document_id: null,
        link: client === null ? null : `/invoices/${client}`,
        subject_label: exportId.slice(0, 8),
        reason: event.data.reason,
        reason_document_ids: documentsNamedByFailure(event.data),
        retryable: true,
        ref: exportId,
      },
    ];
  },
};
