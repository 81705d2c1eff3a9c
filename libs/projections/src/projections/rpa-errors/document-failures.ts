import type { DocumentEvent } from '@portal/domain';
import { domainEventOf } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import type { FailureOutcome, FailureSource } from './failure-source';

const documentIdOf = (streamId: string) => Number(streamId.replace(/^document-/, ''));
export const extractionSubject = (documentId: number) => `document-${documentId}:extraction`;
export const erpSubject = (documentId: number) => `document-${documentId}:erp`;

/**
 * Documents: an extraction that broke (Broken: the file cannot be read) or rendered nothing (BadRendering),
 * and an import the ERP refused (ERPError). A later extraction or import closes them; a purge removes the subject.
 */
export const documentFailures: FailureSource = {
  name: 'documents',
  handles: ['DocumentFlagged', 'DocumentTextExtracted', 'DocumentFieldsExtracted', 'DocumentErpStatusRecorded', 'DocumentPurged'],
  read(recorded: RecordedEvent): FailureOutcome[] {
    const event = domainEventOf<DocumentEvent>(recorded);
    const id = documentIdOf(recorded.streamId);
    const client = recorded.metadata.clientNo;
    const common = { client_no: client, document_id: id, link: `/doc/${client ?? 0}/${id}`, subject_label: `#${id}` };
    switch (event.type) {
      case 'DocumentFlagged':
        return [
          {
            type: 'failed',
            kind: event.data.flag === 'Broken' ? 'extraction_broken' : 'extraction_failed',
            subject: extractionSubject(id),
            reason: event.data.reason,
            retryable: true,
            ...common,
          },
        ];
      case 'DocumentTextExtracted':
      case 'DocumentFieldsExtracted':
        return [{ type: 'succeeded', subject: extractionSubject(id) }];
      case 'DocumentErpStatusRecorded':
        if (event.data.status === 'error')
          return [
            {
              type: 'failed',
              kind: 'erp_import_refused',
              subject: erpSubject(id),
              reason: event.data.reason,
              retryable: true,
              ref: recorded.metadata.correlationId ?? null,
              ...common,
            },
          ];
        return event.data.status === 'imported' ? [{ type: 'succeeded', subject: erpSubject(id) }] : [];
      case 'DocumentPurged':
        return [
          { type: 'gone', subject: extractionSubject(id) },
          { type: 'gone', subject: erpSubject(id) },
        ];
      default:
        return [];
    }
  },
};
