import type { BankImportEvent } from '@portal/domain';
import { domainEventOf } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import type { FailureOutcome, FailureSource } from './failure-source';

/** Statement imports that stopped (wrong or archived account, ...); the file is not kept, so a person imports it again: no retry here. */
export const bankImportFailures: FailureSource = {
  name: 'bank-imports',
  handles: ['BankStatementImportFailed', 'BankStatementImported'],
  read(recorded: RecordedEvent): FailureOutcome[] {
    const event = domainEventOf<BankImportEvent>(recorded);
    const subject = recorded.streamId;
    if (event.type === 'BankStatementImported') return [{ type: 'succeeded', subject }];
    if (event.type !== 'BankStatementImportFailed') return [];
    const client = event.data.client_no;
    return [
      {
        type: 'failed',
        kind: 'bank_import_failed',
        subject,
        client_no: client,
        document_id: null,
        link: `/banking/${client}`,
        subject_label: event.data.file_name,
        reason: event.data.reason,
        retryable: false,
        ref: event.data.importId,
      },
    ];
  },
};
