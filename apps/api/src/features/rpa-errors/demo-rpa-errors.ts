import { createHash } from 'node:crypto';
import type { CommandContext } from '@portal/commands';
import {
  bankImportDecider,
  bankImportStreamId,
  documentDecider,
  documentStreamId,
  exportJobDecider,
  exportJobStreamId,
  fonImportDecider,
  fonImportStreamId,
  scannerDecider,
  scannerStreamId,
  type DocumentCommand,
} from '@portal/domain';
import type { FeatureSeed, SeedContext } from '../../seed/feature-seeds';
import { demoPayrollDocumentId } from '../documents/demo-payroll';

/** Fixed ids so the demo's failures are the same on every fresh start. */
const id = (n: number) => 900_000_000 + n;
const uuidOf = (text: string) => {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

async function document(
  seed: SeedContext,
  documentId: number,
  clientNo: number,
  fileName: string,
  bytes: Buffer,
  ctx: (step: string) => CommandContext,
): Promise<void> {
  const sha256 = await seed.blobs.put(bytes);
  await seed.runtime.execute(
    documentDecider,
    documentStreamId(documentId),
    { type: 'UploadDocument', documentId, clientNo, fileName, mediaType: 'application/pdf', size: bytes.length, sha256, category: 'ER_U' },
    ctx(`upload-${documentId}`),
  );
}

/**
 * Failures of every kind this firm's automation has on day one: extractions that broke or read nothing
 * (files that are really damaged, so a retry fails again), an import the ERP refused, an export that
 * failed, a bank statement import that stopped, a FON import that failed and scanner deliveries refused.
 */
export const seedDemoRpaErrors: FeatureSeed = async (seed) => {
  await seedIntakeFailures(seed);
  if (seed.documents) await seedDocumentFailures(seed);
};

/** The failures that need no demo documents: bank import, FON import, scanner intake. */
async function seedIntakeFailures(seed: SeedContext): Promise<void> {
  const bankImport = uuidOf('demo-bank-import-failed');
  await seed.runtime.execute(
    bankImportDecider,
    bankImportStreamId(bankImport),
    {
      type: 'RecordImportFailure',
      importId: bankImport,
      clientNo: 1002,
      fileName: 'camt053_Raiffeisen_2026-03.xml',
      format: 'camt.053.001.08',
      reason: 'The statement is for IBAN AT483200000012345864, not for the chosen account AT611904300234573201.',
    },
    seed.context(1002, 'rpa-errors:bank-import'),
  );
  const fonImport = uuidOf('demo-fon-import-failed');
  const fon = (step: string) => seed.context(null, `rpa-errors:${step}`);
  await seed.runtime.execute(
    fonImportDecider,
    fonImportStreamId(fonImport),
    {
      type: 'StartFonImport',
      importId: fonImport,
      firmId: 'HP-01',
      fonUserId: null,
      source: 'fon-webservice',
      taxYear: seed.now.getUTCFullYear(),
      fileName: null,
      fileSha256: null,
    },
    fon('fon-start'),
  );
  await seed.runtime.execute(
    fonImportDecider,
    fonImportStreamId(fonImport),
    { type: 'FailFonImport', reason: 'FinanzOnline answered -4: the session has expired; sign in again.' },
    fon('fon-failed'),
  );
  const refusals: Array<[string, 'email' | 'http', string, string | null]> = [
    ['empfang-kanzlei', 'email', 'The file is not a PDF or an image.', 'Rechnungen_Maerz.docx'],
    ['buchhaltung-scan', 'http', 'wrong secret', null],
  ];
  for (const [n, [scannerId, channel, reason, fileName]] of refusals.entries()) {
    await seed.runtime.execute(
      scannerDecider,
      scannerStreamId(scannerId),
      { type: 'RecordScannerRefusal', channel, reason, fileName },
      { ...seed.context(null, `rpa-errors:scanner-${n}`), userId: `scanner:${scannerId}` },
    );
  }
}

async function seedDocumentFailures(seed: SeedContext): Promise<void> {
  const worker =
    (clientNo: number) =>
    (step: string): CommandContext => ({ ...seed.context(clientNo, `rpa-errors:${step}`), userId: 'ocr-worker' });
  const send = (documentId: number, command: DocumentCommand, ctx: CommandContext) =>
    seed.runtime.execute(documentDecider, documentStreamId(documentId), command, ctx);

  const broken: Array<[number, number, string, 'Broken' | 'BadRendering', string]> = [
    [1, 1001, 'Rechnung_Getraenke_Mai.pdf', 'Broken', 'The file is not a readable PDF: the cross-reference table is damaged.'],
    [2, 1003, 'Scan_Tankbeleg_0417.pdf', 'BadRendering', 'No text could be read from the document.'],
    [3, 1004, 'Lieferschein_Elektro.pdf', 'Broken', 'The PDF is password-protected.'],
    [4, 1006, 'Weinetiketten_Druck.pdf', 'BadRendering', 'The scan is too dark to read.'],
  ];
  for (const [n, client, fileName, flag, reason] of broken) {
    const ctx = worker(client);
    await document(seed, id(n), client, fileName, Buffer.from(`%PDF-1.4\n% damaged demo file ${n}\n${'x'.repeat(200 + n)}`), ctx);
    await send(id(n), { type: 'RecordExtraction', text: null, fields: null, problem: { flag, reason } }, ctx(`extract-${n}`));
  }

  // An invoice confirmed without a supplier account, refused by an earlier DATEV export (booking now refuses it first).
  const client = 1001;
  const ctx = (step: string) => seed.context(client, `rpa-errors:${step}`);
  const year = seed.now.getUTCFullYear();
  await document(seed, id(10), client, 'Rechnung_Kaffeeroesterei.pdf', Buffer.from(`%PDF-1.4\n% demo invoice\n${'y'.repeat(300)}`), worker(client));
  await send(
    id(10),
    {
      type: 'RecordExtraction',
      text: null,
      fields: {
        origin: 2,
        fields: { invoice_number: 'KR-2291', invoice_date: `${year}-01-14`, gross_amount: 240, net_amount: 200, tax_amount: 40, currency: 'EUR' },
        fieldOrigins: {},
        einvoice: null,
      },
      problem: null,
    },
    worker(client)('extract-10'),
  );
  await send(
    id(10),
    { type: 'EditDocumentFields', fields: { biller: 'Kaffeerösterei Alpenbohne GmbH', tax_rate: 20, expense_account: '510000' } },
    ctx('edit-10'),
  );
  await send(id(10), { type: 'ConfirmDocument' }, ctx('confirm-10'));
  const refusedJob = uuidOf('demo-export-refused');
  const reason = 'supplier_account: is missing';
  await seed.runtime.execute(
    exportJobDecider,
    exportJobStreamId(refusedJob),
    { type: 'RequestExport', exportId: refusedJob, clientNo: client, accounting: year, format: 'DATEV', documentIds: [id(10)], requestedBy: 'system' },
    { ...ctx('export-1'), correlationId: refusedJob },
  );
  await send(id(10), { type: 'RecordErpStatus', status: 'error', reason }, { ...ctx('erp-10'), correlationId: refusedJob });
  await seed.runtime.execute(
    exportJobDecider,
    exportJobStreamId(refusedJob),
    {
      type: 'CompleteExport',
      fileSha256: await seed.blobs.put(Buffer.from('')),
      fileName: `export-${client}-${year}-DATEV-demo.zip`,
      count: 0,
      documentResults: [{ documentId: id(10), status: 'error', reason }],
    },
    { ...ctx('export-1-done'), correlationId: refusedJob },
  );

  // An export that failed as a whole.
  const failedJob = uuidOf('demo-export-failed');
  await seed.runtime.execute(
    exportJobDecider,
    exportJobStreamId(failedJob),
    { type: 'RequestExport', exportId: failedJob, clientNo: client, accounting: year - 1, format: 'DATEV', documentIds: [id(10)], requestedBy: 'system' },
    { ...ctx('export-2'), correlationId: failedJob },
  );
  await seed.runtime.execute(
    exportJobDecider,
    exportJobStreamId(failedJob),
    { type: 'FailExport', reason: 'The original of "Rechnung_Kaffeeroesterei.pdf" is missing in the file store.' },
    { ...ctx('export-2-failed'), correlationId: failedJob },
  );

  // An export of a payroll document alone that failed: like its job, only users with dpv see it.
  const payrollJob = uuidOf('demo-export-payroll-failed');
  await seed.runtime.execute(
    exportJobDecider,
    exportJobStreamId(payrollJob),
    {
      type: 'RequestExport',
      exportId: payrollJob,
      clientNo: client,
      accounting: year - 1,
      format: 'DATEV',
      documentIds: [demoPayrollDocumentId(1)],
      requestedBy: 'system',
    },
    { ...ctx('export-3'), correlationId: payrollJob },
  );
  await seed.runtime.execute(
    exportJobDecider,
    exportJobStreamId(payrollJob),
    { type: 'FailExport', reason: 'The export was interrupted (the server restarted); start it again.', documentIds: [] },
    { ...ctx('export-3-failed'), correlationId: payrollJob },
  );
}
