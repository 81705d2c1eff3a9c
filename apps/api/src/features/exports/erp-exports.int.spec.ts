import { DOCUMENT_FLAGS, exportOutcome, type DocumentRecord, type ExportJob, type Paginated } from '@portal/contracts';
import { eventually, invoicePdf, PortalSession } from '@portal/tools';
import { DATEV_BUCHUNGSSTAPEL_COLUMNS } from './datev-columns';
import { datevFields, decodeWindows1252 } from '../../../test/export-batch';
import { readZip } from '../../../test/zip-archive';

jest.setTimeout(180_000);

const session = PortalSession.start();
const token = (user: string) => session.token(user);
const signedIn = (user: string) => session.signedIn(user);

const GOOD = {
  invoice_number: 'RE-2026/0815',
  invoice_date: '2026-03-12',
  biller: 'Gletscher Bergbahnen GmbH',
  currency: 'EUR',
  net_amount: 100,
  tax_amount: 20,
  gross_amount: 120,
  tax_rate: 20,
  supplier_account: '330100',
  expense_account: '510000',
  cost_center: 'KST100',
};

/** Uploads an invoice, waits for its extraction, sets the fields, confirms and books it. */
async function bookedInvoice(uploader: string, booker: string, client: number, name: string, fields: Record<string, unknown>): Promise<number> {
  const { body } = await session.upload(uploader, client, [
    { name: `${name}.pdf`, bytes: await invoicePdf([name, 'Rechnung', 'Rechnungsdatum: 12.03.2026', 'Gesamtbetrag: 120,00 EUR']) },
  ]);
  const id = body.files![0]!.documentId!;
  const documents = (await signedIn(booker)).app.service('documents');
  await eventually(async () => (((await documents.get(id)) as DocumentRecord).extraction !== 'pending' ? true : undefined));
  await documents.patch(id, { fields });
  await documents.patch(id, { action: 'confirm' });
  await documents.patch(id, { action: 'book' });
  return id;
}

const download = async (user: string, id: string) =>
  fetch(`${session.url}/api/exports/${id}/file`, { headers: { Authorization: `Bearer ${await token(user)}` } });

let good: number;
let filled: number;
let job: ExportJob;
let pushed: Promise<ExportJob>;

beforeAll(async () => {
  good = await bookedInvoice('client1', 'accountant', 1001, 'Gletscher Bergbahnen GmbH', GOOD);
  // Master data knows the supplier; the client's settings name the default expense account (510000).
  await (
    await signedIn('accountant')
  ).app
    .service('acc-suppliers')
    .create({ client_no: 1001, accounting: 2026, account: '330777', name: 'Kontolos Handel KG' });
  filled = await bookedInvoice('client1', 'accountant', 1001, 'Kontolos Handel KG', {
    ...GOOD,
    invoice_number: 'KH-1',
    biller: 'Kontolos Handel KG',
    supplier_account: null,
    expense_account: null,
    cost_center: null,
  });
  const viewer = await signedIn('admin');
  pushed = new Promise((resolve) => viewer.app.service('erp-exports').on('patched', (j: ExportJob) => j.status !== 'in progress' && resolve(j)));
  const accountant = await signedIn('accountant');
  job = (await accountant.app.service('erp-exports').create({ client_no: 1001, accounting: 2026 })) as ExportJob;
});

describe('booking refuses what the export would refuse', () => {
  it('fills the empty accounts from master data and settings when booking', async () => {
    const doc = (await (await signedIn('accountant')).app.service('documents').get(filled)) as DocumentRecord;
    expect(doc.booked).toBe(true);
    expect(doc.booking).toMatchObject({ supplier_account: '330777', expense_account: '510000' });
  });

  it('refuses to book an invoice whose supplier nobody knows, naming the gap and changing no field', async () => {
    const { body } = await session.upload('client1', 1001, [{ name: 'Unbekannt.pdf', bytes: await invoicePdf(['Unbekannt', 'Rechnung']) }]);
    const id = body.files![0]!.documentId!;
    const documents = (await signedIn('accountant')).app.service('documents');
    await eventually(async () => (((await documents.get(id)) as DocumentRecord).extraction !== 'pending' ? true : undefined));
    await documents.patch(id, { fields: { ...GOOD, invoice_number: 'UB-1', biller: 'Niemand Bekannt OG', supplier_account: null, expense_account: null } });
    await documents.patch(id, { action: 'confirm' });
    await expect(documents.patch(id, { action: 'book' })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: 'Cannot book: the export needs the supplier or customer account.',
      data: { gaps: [{ field: 'supplier_account', kind: 'missing' }] },
    });
    const after = (await documents.get(id)) as DocumentRecord;
    expect(after.booked).toBe(false);
    expect(after.booking.expense_account).toBeNull();
  });
});

describe('erp-exports: an export job from booked documents to a downloadable ZIP', () => {
  it('answers create with the job in progress, in the client account system DATEV, listing both booked documents', () => {
    expect(job).toMatchObject({ client_no: 1001, accounting: 2026, format: 'DATEV', status: 'in progress', finished_at: null, file_name: null });
    expect([...job.document_ids].sort()).toEqual([good, filled].sort());
  });

  it('pushes erp-exports patched when the job is done, with a result per document', async () => {
    const done = await pushed;
    expect(done).toMatchObject({
      id: job.id,
      status: 'done',
      count: 2,
      reason: null,
      file_name: expect.stringMatching(/^export-1001-2026-DATEV-\d{8}T\d{4}\.zip$/),
    });
    expect(exportOutcome(done)).toBe('done');
    expect(done.document_results).toEqual(
      expect.arrayContaining([
        { documentId: good, status: 'imported', reason: `DATEV export ${done.file_name}` },
        { documentId: filled, status: 'imported', reason: `DATEV export ${done.file_name}` },
      ]),
    );
  });

  it('marks every written document ERPImported', async () => {
    await pushed;
    const documents = (await signedIn('accountant')).app.service('documents');
    for (const id of [good, filled]) {
      const imported = (await documents.get(id)) as DocumentRecord;
      expect(imported.flags & (DOCUMENT_FLAGS.ERPImported | DOCUMENT_FLAGS.ERPError)).toBe(DOCUMENT_FLAGS.ERPImported);
      expect(imported.erp_status).toBe('imported');
    }
  });

  it('lists the job for the client and gets it by id', async () => {
    await pushed;
    const exports = (await signedIn('accountant')).app.service('erp-exports');
    const page = (await exports.find({ query: { client_no: 1001 } })) as Paginated<ExportJob>;
    expect(page.data.map((j) => j.id)).toContain(job.id);
    expect(await exports.get(job.id)).toMatchObject({ id: job.id, status: 'done' });
  });

  it('downloads the ZIP as an attachment: the DATEV CSV and the original PDF of the exported document', async () => {
    const done = await pushed;
    const res = await download('accountant', job.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain(`attachment; filename="${done.file_name}"`);
    const entries = await readZip(Buffer.from(await res.arrayBuffer()));
    // The bookings first; the originals in any order.
    expect(entries[0]!.name).toBe('EXTF_Buchungsstapel_1001_2026.csv');
    expect(
      entries
        .slice(1)
        .map((e) => e.name)
        .sort(),
    ).toEqual(['KH-1.pdf', 'RE-2026_0815.pdf']);
    const original = await fetch(`${session.url}/api/documents/${good}/file`, { headers: { Authorization: `Bearer ${await token('accountant')}` } });
    expect(entries.find((e) => e.name === 'RE-2026_0815.pdf')!.bytes.equals(Buffer.from(await original.arrayBuffer()))).toBe(true);
  });

  it('writes the good document into the DATEV Buchungsstapel field by field', async () => {
    await pushed;
    const entries = await readZip(Buffer.from(await (await download('accountant', job.id)).arrayBuffer()));
    const lines = decodeWindows1252(entries[0]!.bytes).split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
    const header = datevFields(lines[0]!);
    expect(header).toHaveLength(31);
    expect(header.slice(0, 5)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13']);
    expect(header.slice(10, 17)).toEqual(['1001', '1001', '20260101', '6', '20260101', '20261231', '"Belege 2026"']);
    expect(lines[1]).toBe(DATEV_BUCHUNGSSTAPEL_COLUMNS.join(';'));
    // The good document's row, wherever the export put it.
    const row = [lines[2]!, lines[3]!].map(datevFields).find((fields) => fields[DATEV_BUCHUNGSSTAPEL_COLUMNS.indexOf('Belegfeld 1')] === '"RE-2026/0815"')!;
    expect(row).toHaveLength(DATEV_BUCHUNGSSTAPEL_COLUMNS.length);
    const field = (name: string) => row[DATEV_BUCHUNGSSTAPEL_COLUMNS.indexOf(name)];
    expect(field('Umsatz (ohne Soll/Haben-Kz)')).toBe('120,00');
    expect(field('Soll/Haben-Kennzeichen')).toBe('"H"');
    expect(field('WKZ Umsatz')).toBe('"EUR"');
    expect(field('Konto')).toBe('330100');
    expect(field('Gegenkonto (ohne BU-Schlüssel)')).toBe('510000');
    expect(field('BU-Schlüssel')).toBe('');
    expect(field('Belegdatum')).toBe('1203');
    expect(field('Belegfeld 1')).toBe('"RE-2026/0815"');
    expect(field('Buchungstext')).toBe('"Gletscher Bergbahnen GmbH"');
    expect(field('Beleglink')).toBe(`"BEDI ""${good}"""`);
    expect(field('KOST1 - Kostenstelle')).toBe('"KST100"');
  });
});

describe('erp-exports: authorization and input', () => {
  it('refuses find, create and get to a user without exp or acc (client1) with Forbidden and the file with 404', async () => {
    const exports = (await signedIn('client1')).app.service('erp-exports');
    await expect(exports.find({ query: { client_no: 1001 } })).rejects.toMatchObject({ name: 'Forbidden', code: 403 });
    await expect(exports.create({ client_no: 1001, accounting: 2026 })).rejects.toMatchObject({ name: 'Forbidden', code: 403 });
    await expect(exports.get(job.id)).rejects.toMatchObject({ name: 'Forbidden', code: 403 });
    expect((await download('client1', job.id)).status).toBe(404);
  });

  it('answers NotFound for another client: creating for it, getting and downloading its export', async () => {
    const accountant = (await signedIn('accountant')).app.service('erp-exports');
    await expect(accountant.create({ client_no: 1004, accounting: 2026 })).rejects.toMatchObject({ name: 'NotFound', code: 404 });
    await bookedInvoice('admin', 'admin', 1004, 'Fremdmandant Bau GmbH', { ...GOOD, invoice_number: 'FB-9' });
    const other = (await (await signedIn('admin')).app.service('erp-exports').create({ client_no: 1004, accounting: 2026 })) as ExportJob;
    expect(other.format).toBe('BMD');
    await expect(accountant.get(other.id)).rejects.toMatchObject({ name: 'NotFound', code: 404 });
    expect(((await accountant.find({ query: { client_no: 1004 } })) as Paginated<ExportJob>).total).toBe(0);
    const admin = (await signedIn('admin')).app.service('erp-exports');
    await eventually(async () => (((await admin.get(other.id)) as ExportJob).status === 'done' ? true : undefined));
    expect((await download('accountant', other.id)).status).toBe(404);
    expect((await download('admin', other.id)).status).toBe(200);
  });

  it('answers BadRequest for an unknown format, a missing client and an invalid id', async () => {
    const exports = (await signedIn('accountant')).app.service('erp-exports');
    await expect(exports.create({ client_no: 1001, accounting: 2026, format: 'CSV' })).rejects.toMatchObject({ name: 'BadRequest', code: 400 });
    await expect(exports.create({ accounting: 2026 })).rejects.toMatchObject({ name: 'BadRequest', message: expect.stringContaining('client_no') });
    await expect(exports.get('not-a-uuid')).rejects.toMatchObject({ name: 'BadRequest' });
  });

  it('answers Unprocessable for a period that is not open and when nothing waits for export', async () => {
    const exports = (await signedIn('accountant')).app.service('erp-exports');
    await expect(exports.create({ client_no: 1001, accounting: 2019 })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: 'Accounting period 2019 is not open.',
    });
    await expect(exports.create({ client_no: 1002, accounting: 2026 })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: 'No booked documents of client 1002 in 2026 are waiting for export.',
    });
  });
});
