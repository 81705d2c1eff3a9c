import type { ScannerEvent } from '@portal/domain';
import { domainEventOf } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import type { FailureOutcome, FailureSource } from './failure-source';

/** Deliveries a scanner sent that the intake refused; the file never arrived, so the scanner must send it again: no retry here. */
export const scannerFailures: FailureSource = {
  name: 'scanners',
  handles: ['ScannerDeliveryRefused'],
  read(recorded: RecordedEvent): FailureOutcome[] {
    const event = domainEventOf<ScannerEvent>(recorded);
    if (event.type !== 'ScannerDeliveryRefused') return [];
    const scannerId = recorded.streamId.replace(/^scanner-/, '');
    const file = event.data.fileName;
    return [
      {
        type: 'failed',
        kind: 'scanner_intake_refused',
        // Each refusal is its own failure: a scanner's refused deliveries are different files.
        subject: `${recorded.streamId}:${recorded.revision}`,
        client_no: recorded.metadata.clientNo,
        document_id: null,
        link: '/scanner-admin',
        subject_label: file ? `${scannerId}: ${file}` : scannerId,
        reason: event.data.reason,
        retryable: false,
      },
    ];
  },
};
