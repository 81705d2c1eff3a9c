import type { FonFetch, FonImportEvent } from '@portal/domain';
import { domainEventOf } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import type { FailureOutcome, FailureSource } from '../rpa-errors/failure-source';

/** A fetch's failures are one failure per FON user and tax year: a later fetch of them is another attempt, and its success closes it. */
const fetchSubject = (fetch: FonFetch) => `fon-fetch-${fetch.fonUserId}-${fetch.taxYear}`;

/**
 * FON imports that failed ("FON import failed (data may be stale)"). A web-service fetch is retried from /error
 * (the retry fetches again with the same user and year) and closes with the next fetch of them that succeeds.
 * A file import is not retried there: the person imports the file again on the screen the link opens, and
 * checks; a later import does not close it.
 */
export const fonImportFailures: FailureSource = {
  name: 'fon-imports',
  handles: ['FonImportFailed', 'FonImportCompleted'],
  read(recorded: RecordedEvent): FailureOutcome[] {
    const event = domainEventOf<FonImportEvent>(recorded);
    const id = recorded.streamId.replace(/^fon-import-/, '');
    if (event.type === 'FonImportCompleted') return [{ type: 'succeeded', subject: event.data.fetch ? fetchSubject(event.data.fetch) : `fon-import-${id}` }];
    if (event.type !== 'FonImportFailed') return [];
    const fetch = event.data.fetch;
    return [
      {
        type: 'failed',
        kind: 'fon_import_failed',
        subject: fetch ? fetchSubject(fetch) : `fon-import-${id}`,
        client_no: null,
        document_id: null,
        link: '/fon-monitoring?tab=imports',
        subject_label: id.slice(0, 8),
        reason: event.data.reason,
        retryable: !!fetch,
        ref: id,
      },
    ];
  },
};
