import { specFor } from '../../test/given-when-then';
import { exportJobDecider, type RequestExport } from './export-job.decide';
import type { ExportJobEvent } from './export-job.events';

const given = specFor(exportJobDecider);
const SHA = 'a'.repeat(64);

const request: RequestExport = {
  type: 'RequestExport',
  exportId: 'e-1',
  clientNo: 1001,
  accounting: 2026,
  format: 'DATEV',
  documentIds: [11, 12],
  requestedBy: 'user-1',
};
const requested: ExportJobEvent = {
  type: 'ExportRequested',
  data: { exportId: 'e-1', client_no: 1001, accounting: 2026, format: 'DATEV', documentIds: [11, 12], requestedBy: 'user-1' },
};
const completion = {
  type: 'CompleteExport' as const,
  fileSha256: SHA,
  fileName: 'export-1001-2026-DATEV.zip',
  count: 1,
  documentResults: [
    { documentId: 11, status: 'imported' as const, reason: '' },
    { documentId: 12, status: 'error' as const, reason: 'supplier_account: is missing' },
  ],
};
const { type: _t, ...completedData } = completion;
const completed: ExportJobEvent = { type: 'ExportCompleted', data: completedData };

describe('export job: RequestExport', () => {
  it('records the request with client, period, format, documents and requester', () => {
    given([]).when(request).then([requested]);
  });

  it('refuses a second request on the same stream', () => {
    given([requested]).when(request).thenThrows('The export already exists.');
  });

  it('refuses an unknown format', () => {
    given([])
      .when({ ...request, format: 'CSV' as 'DATEV' })
      .thenThrows('Unknown export format CSV; use DATEV or BMD.');
  });

  it('refuses a request without documents', () => {
    given([])
      .when({ ...request, documentIds: [] })
      .thenThrows('An export needs at least one booked document.');
  });

  it('refuses a request listing a document twice', () => {
    given([])
      .when({ ...request, documentIds: [11, 11] })
      .thenThrows('An export lists each document once.');
  });

  it('refuses a missing client and a year outside 1990 to 2100', () => {
    given([])
      .when({ ...request, clientNo: 0 })
      .thenThrows('An export needs a client.');
    given([])
      .when({ ...request, accounting: 26 })
      .thenThrows('accounting must be a year between 1990 and 2100.');
  });
});

describe('export job: CompleteExport', () => {
  it('records the file and one result per document', () => {
    given([requested]).when(completion).then([completed]);
  });

  it('refuses to complete an export that was never requested', () => {
    given([]).when(completion).thenThrows('Cannot complete the export: the export does not exist.');
  });

  it('refuses to complete an export twice', () => {
    given([requested, completed]).when(completion).thenThrows('Cannot complete the export: the export is already done.');
  });

  it('refuses a result for a document outside the export', () => {
    given([requested])
      .when({ ...completion, documentResults: [...completion.documentResults, { documentId: 99, status: 'imported', reason: '' }] })
      .thenThrows('Document 99 is not part of this export.');
  });

  it('refuses a completion that leaves a document without a result', () => {
    given([requested])
      .when({ ...completion, count: 1, documentResults: [completion.documentResults[0]!] })
      .thenThrows('Documents without a result: 12.');
  });

  it('refuses an error result without a reason', () => {
    given([requested])
      .when({ ...completion, documentResults: [completion.documentResults[0]!, { documentId: 12, status: 'error', reason: ' ' }] })
      .thenThrows('The error of document 12 needs a reason.');
  });

  it('refuses a count that differs from the documents written', () => {
    given([requested])
      .when({ ...completion, count: 2 })
      .thenThrows('count 2 differs from the 1 documents written into the file.');
  });

  it('refuses a file reference that is not a sha256', () => {
    given([requested])
      .when({ ...completion, fileSha256: 'abc' })
      .thenThrows('fileSha256 must be a sha256 (hex).');
  });
});

describe('export job: FailExport', () => {
  it('records the reason of a failed export', () => {
    given([requested])
      .when({ type: 'FailExport', reason: ' The file store is unavailable ' })
      .then([{ type: 'ExportFailed', data: { reason: 'The file store is unavailable', documentIds: [] } }]);
  });

  it('records the documents of the export its reason names', () => {
    given([requested])
      .when({ type: 'FailExport', reason: 'The original of "b.pdf" is missing.', documentIds: [12, 12] })
      .then([{ type: 'ExportFailed', data: { reason: 'The original of "b.pdf" is missing.', documentIds: [12] } }]);
  });

  it('refuses a reason naming a document that is not part of the export', () => {
    given([requested])
      .when({ type: 'FailExport', reason: 'x', documentIds: [13] })
      .thenThrows('Document 13 is not part of this export.');
  });

  it('records nothing when the export has already failed', () => {
    given([requested, { type: 'ExportFailed', data: { reason: 'x' } }])
      .when({ type: 'FailExport', reason: 'again' })
      .then([]);
  });

  it('refuses to fail a completed export', () => {
    given([requested, completed]).when({ type: 'FailExport', reason: 'late' }).thenThrows('Cannot fail the export: the export is already done.');
  });

  it('refuses a failure without a reason', () => {
    given([requested]).when({ type: 'FailExport', reason: '' }).thenThrows('A failed export needs a reason.');
  });
});
