import type { FonImportEvent } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import type { FailureOutcome, FailureSource } from '../rpa-errors/failure-source';

/**
 * FON imports that failed ("FON import failed (data may be stale)"); a later import of the same firm that succeeds
 * does not close it: a person checks. Not retried from /error: the file (or the fetch) is imported again on the
 * screen the link opens.
 */
export const fonImportFailures: FailureSource = {
  name: 'fon-imports',
  handles: ['FonImportFailed', 'FonImportCompleted'],
  read(recorded: RecordedEvent): FailureOutcome[] {
    const event = recorded as unknown as FonImportEvent;
    const id = recorded.streamId.replace(/^fon-import-/, '');
    if (event.type === 'FonImportCompleted') return [{ type: 'succeeded', subject: `fon-import-${id}` }];
    if (event.type !== 'FonImportFailed') return [];
    return [{ type: 'failed', kind: 'fon_import_failed', subject: `fon-import-${id}`, client_no: null, document_id: null, link: '/fon-monitoring?tab=imports', subject_label: id.slice(0, 8), reason: event.data.reason, retryable: false, ref: id }];
  },
};
