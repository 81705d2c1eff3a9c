import type { RpaErrorRecord } from '@portal/contracts';
import { sealEvents, SqliteEventStore } from '@portal/event-store';
import { SqliteReadStore } from '@portal/read-store';
import { RPA_ERRORS } from '@portal/read-models';
import { replayInto } from '../../runtime/replay';
import type { FailureSource } from './failure-source';
import { rpaErrorsProjection, rpaErrorsProjectionOf } from './rpa-errors.projection';

type E = { type: string; data: Record<string, unknown>; user?: string; correlationId?: string };

/** Appends each stream's events in the order given and rebuilds the error list. */
async function build(streams: Array<[string, E[]]>, projection = rpaErrorsProjection) {
  const events = new SqliteEventStore(':memory:');
  let n = 0;
  for (const [stream, list] of streams) {
    const existing = await events.readStream(stream);
    const sealed = sealEvents(
      stream,
      existing.at(-1)?.metadata.hash ?? null,
      list.map((e) => ({
        type: e.type,
        data: e.data,
        metadata: {
          userId: e.user ?? 'ocr-worker',
          clientNo: 1001,
          time: `2026-04-02T10:00:${String(++n).padStart(2, '0')}.000Z`,
          commandId: `c${n}`,
          correlationId: e.correlationId ?? `c${n}`,
        },
      })),
    );
    await events.append(stream, sealed, existing.length ? existing.length - 1 : 'no_stream');
  }
  const reads = new SqliteReadStore(':memory:');
  await replayInto(events, reads, [projection]);
  const page = await reads.find(RPA_ERRORS, { where: {}, sort: [['id', 1]], skip: 0, limit: 100 });
  await reads.close();
  return page.data as unknown as RpaErrorRecord[];
}

const uploaded: E = {
  type: 'DocumentUploaded',
  data: { documentId: 7, clientNo: 1001, fileName: 'a.pdf', mediaType: 'application/pdf', size: 1, sha256: 'a', category: 'ER_U', title: 'a' },
};
const broken: E = { type: 'DocumentFlagged', data: { flag: 'Broken', reason: 'The PDF structure is damaged.' } };

describe('automation errors projection', () => {
  it('lists a broken extraction as an open failure with its document link, reason and one attempt', async () => {
    expect(await build([['document-7', [uploaded, broken]]])).toMatchObject([
      {
        id: 'document-7:extraction',
        kind: 'extraction_broken',
        client_no: 1001,
        document_id: 7,
        link: '/doc/1001/7',
        reason: 'The PDF structure is damaged.',
        attempts: 1,
        status: 'open',
        retryable: true,
        first_failed_at: '2026-04-02T10:00:02.000Z',
      },
    ]);
  });

  it('counts a failed retry as another attempt and closes the failure when a retry extracts the text', async () => {
    const retried: E = { type: 'DocumentExtractionRetried', data: { attempt: 1, previousProblem: 'x' } };
    const twice = await build([['document-7', [uploaded, broken, retried, { type: 'DocumentFlagged', data: { flag: 'BadRendering', reason: 'No text.' } }]]]);
    expect(twice[0]).toMatchObject({ kind: 'extraction_failed', attempts: 2, reason: 'No text.', status: 'open' });
    const fixed = await build([
      [
        'document-7',
        [
          uploaded,
          broken,
          retried,
          { type: 'DocumentTextExtracted', data: { origin: 7, pages: 1, pageOrigins: [7], textSha256: 'b', textLength: 10, language: 'de', ms: 5 } },
        ],
      ],
    ]);
    expect(fixed[0]).toMatchObject({ status: 'resolved', resolution: 'succeeded', resolved_by: null, attempts: 1 });
  });

  it('lists an import the ERP refused with the export job as reference, and closes it when a later export imports the document', async () => {
    const refused: E = { type: 'DocumentErpStatusRecorded', data: { status: 'error', reason: 'supplier_account: is missing' }, correlationId: 'job-1' };
    expect(await build([['document-7', [uploaded, refused]]])).toMatchObject([
      { id: 'document-7:erp', kind: 'erp_import_refused', reason: 'supplier_account: is missing', ref: 'job-1', status: 'open' },
    ]);
    const imported: E = { type: 'DocumentErpStatusRecorded', data: { status: 'imported', reason: 'DATEV export x.zip' } };
    expect(await build([['document-7', [uploaded, refused, imported]]])).toMatchObject([{ id: 'document-7:erp', status: 'resolved', resolution: 'succeeded' }]);
  });

  it('closes a document’s failures as gone when it is purged', async () => {
    const purged: E = { type: 'DocumentPurged', data: { sha256: 'a', textSha256: null, reason: 'x' } };
    expect(await build([['document-7', [uploaded, broken, { type: 'DocumentMovedToTrash', data: { purgeAfter: 'x' } }, purged]]])).toMatchObject([
      { status: 'resolved', resolution: 'gone' },
    ]);
  });

  it('records a manual resolution with the remark and who made it, and a retry request', async () => {
    const list = await build([
      ['document-7', [uploaded, broken]],
      [
        'rpa-error-document-7%3Aextraction',
        [
          { type: 'RpaErrorRetryRequested', data: { errorId: 'document-7:extraction' }, user: 'u-admin' },
          { type: 'RpaErrorResolved', data: { errorId: 'document-7:extraction', remark: 'Beleg neu angefordert' }, user: 'u-admin' },
        ],
      ],
    ]);
    expect(list[0]).toMatchObject({
      status: 'resolved',
      resolution: 'manual',
      remark: 'Beleg neu angefordert',
      resolved_by: 'u-admin',
      retry_requested_at: '2026-04-02T10:00:03.000Z',
    });
  });

  it('lists an ERP export that failed as a whole', async () => {
    const list = await build([['export-abc', [{ type: 'ExportFailed', data: { reason: 'disk full' } }]]]);
    expect(list).toMatchObject([{ id: 'export-abc', kind: 'erp_export_failed', ref: 'abc', link: '/invoices/1001', reason: 'disk full', retryable: true }]);
  });

  it('marks the failure of an export of payroll documents only as payroll, following a mark made after the failure', async () => {
    const doc = (id: number, payroll: boolean): [string, E[]] => [
      `document-${id}`,
      [{ type: 'DocumentUploaded', data: { ...uploaded.data, documentId: id, sha256: String(id), ...(payroll ? { payroll: true } : {}) } }],
    ];
    const failedExport = (id: string, documentIds: number[]): [string, E[]] => [
      `export-${id}`,
      [
        { type: 'ExportRequested', data: { exportId: id, client_no: 1001, accounting: 2026, format: 'DATEV', documentIds, requestedBy: 'u' } },
        { type: 'ExportFailed', data: { reason: 'disk full', documentIds: [] } },
      ],
    ];
    const streams = [doc(1, true), doc(2, true), doc(3, false), failedExport('payroll', [1, 2]), failedExport('mixed', [1, 3]), failedExport('empty', [])];
    const payrollOf = (list: RpaErrorRecord[]) => Object.fromEntries(list.map((e) => [e.id, e.payroll === true]));
    expect(payrollOf(await build(streams))).toEqual({ 'export-payroll': true, 'export-mixed': false, 'export-empty': false });
    const marked = (id: number, payroll: boolean): [string, E[]] => [
      `document-${id}`,
      [{ type: 'DocumentPayrollMarked', data: { payroll, suggested: false } }],
    ];
    expect(payrollOf(await build([...streams, marked(3, true), marked(2, false)]))).toEqual({
      'export-payroll': false,
      'export-mixed': true,
      'export-empty': false,
    });
  });

  it('takes another feature’s failure kind through a failure source', async () => {
    const bank: FailureSource = {
      name: 'bank-imports',
      handles: ['BankImportFailed'],
      read: (e) => [
        {
          type: 'failed',
          kind: 'bank_import_failed',
          subject: `bank-import-${String(e.data.importId)}`,
          client_no: e.metadata.clientNo,
          document_id: null,
          link: '/banking/1001',
          subject_label: 'camt.053',
          reason: String(e.data.reason),
          retryable: false,
        },
      ],
    };
    const list = await build(
      [['bank-import-9', [{ type: 'BankImportFailed', data: { importId: 9, reason: 'Not a camt.053 file' } }]]],
      rpaErrorsProjectionOf([bank]),
    );
    expect(list).toMatchObject([{ id: 'bank-import-9', kind: 'bank_import_failed', reason: 'Not a camt.053 file', retryable: false }]);
  });

  it('lists a statement import that stopped as a bank import failure of its client, closed when the same import is recorded later', async () => {
    const failed: E = {
      type: 'BankStatementImportFailed',
      data: {
        importId: 'i9',
        client_no: 1002,
        file_name: 'camt_2026-03.xml',
        format: 'camt.053.001.08',
        reason: 'The account AT61 is archived; restore it to import statements.',
      },
    };
    expect(await build([['bank-import-i9', [failed]]])).toMatchObject([
      {
        id: 'bank-import-i9',
        kind: 'bank_import_failed',
        client_no: 1002,
        link: '/banking/1002',
        subject_label: 'camt_2026-03.xml',
        reason: 'The account AT61 is archived; restore it to import statements.',
        retryable: false,
        status: 'open',
      },
    ]);
    const imported: E = { type: 'BankStatementImported', data: { importId: 'i9', client_no: 1002, file_name: 'camt_2026-03.xml' } };
    expect(await build([['bank-import-i9', [failed, imported]]])).toMatchObject([{ id: 'bank-import-i9', status: 'resolved', resolution: 'succeeded' }]);
  });

  it('lists every delivery a scanner had refused as its own scanner intake failure, not retryable', async () => {
    const refused = (fileName: string | null, reason: string): E => ({ type: 'ScannerDeliveryRefused', data: { channel: 'upload', reason, fileName } });
    const list = await build([['scanner-empfang', [refused('scan1.tif', 'Not a PDF or image.'), refused(null, 'The scanner is deactivated.')]]]);
    expect(list).toMatchObject([
      {
        id: 'scanner-empfang:0',
        kind: 'scanner_intake_refused',
        client_no: 1001,
        subject_label: 'empfang: scan1.tif',
        reason: 'Not a PDF or image.',
        retryable: false,
        link: '/scanner-admin',
        attempts: 1,
      },
      { id: 'scanner-empfang:1', kind: 'scanner_intake_refused', subject_label: 'empfang', reason: 'The scanner is deactivated.' },
    ]);
  });

  it('lists a failed FON file import without a retry (a person imports the file again); a later import does not close it', async () => {
    const list = await build([
      ['fon-import-f1', [{ type: 'FonImportFailed', data: { reason: 'Line 1: the header lacks the columns steuernummer.' } }]],
      ['fon-import-f2', [{ type: 'FonImportCompleted', data: { counts: {}, rejected: [] } }]],
    ]);
    expect(list).toMatchObject([
      {
        id: 'fon-import-f1',
        kind: 'fon_import_failed',
        retryable: false,
        status: 'open',
        ref: 'f1',
        reason: 'Line 1: the header lacks the columns steuernummer.',
      },
    ]);
  });

  it('lists a failed FinanzOnline fetch as retryable per FON user and year: a failed retry is another attempt, a fetch that succeeds closes it', async () => {
    const fetch = { fonUserId: 'u1', taxYear: 2025 };
    const failedFetch = (id: string): [string, E[]] => [
      `fon-import-${id}`,
      [{ type: 'FonImportFailed', data: { reason: 'FinanzOnline refused the login (rc -4).', fetch } }],
    ];
    const list = await build([failedFetch('a'), failedFetch('b')]);
    expect(list).toMatchObject([
      { id: 'fon-fetch-u1-2025', kind: 'fon_import_failed', retryable: true, attempts: 2, ref: 'b', status: 'open', link: '/fon-monitoring?tab=imports' },
    ]);
    const otherYear: [string, E[]] = [
      'fon-import-c',
      [{ type: 'FonImportCompleted', data: { counts: {}, rejected: [], fetch: { fonUserId: 'u1', taxYear: 2024 } } }],
    ];
    expect(await build([failedFetch('a'), otherYear])).toMatchObject([{ status: 'open' }]);
    const fetched: [string, E[]] = ['fon-import-d', [{ type: 'FonImportCompleted', data: { counts: {}, rejected: [], fetch } }]];
    expect(await build([failedFetch('a'), fetched])).toMatchObject([{ id: 'fon-fetch-u1-2025', status: 'resolved', resolution: 'succeeded' }]);
  });
});
