import type { DocumentBookingFields } from '@portal/contracts';
import { EMPTY_BOOKING_FIELDS } from '@portal/domain';
import { originalNames } from './export-archive';
import { buildExportBatch, type ExportSource } from './export-batch-builder';
import { csvNameOf, reasonsByDocument, writeExportFile } from './export-file';
import { exportWarnings } from './export-warnings';

const period = { accounting: 2026, start: '2026-01-01', end: '2026-12-31' };
const createdAt = '2026-04-02T10:15:30.123Z';

const source = (id: number, booking: Partial<DocumentBookingFields>, category = 'ER'): ExportSource => ({
  id,
  category,
  title: `Beleg ${id}`,
  booking: {
    ...EMPTY_BOOKING_FIELDS,
    invoice_number: `RE-${id}`,
    invoice_date: '2026-03-12',
    biller: 'Gletscher Bergbahnen GmbH',
    recipient: 'Alpenblick Gastronomie GmbH',
    currency: 'EUR',
    net_amount: 100,
    tax_amount: 20,
    gross_amount: 120,
    tax_rate: 20,
    supplier_account: '330100',
    expense_account: '510000',
    ...booking,
  },
});

const build = (...documents: ExportSource[]) => buildExportBatch({ clientNo: 1001, period, documents, createdAt });

describe('export batch builder', () => {
  it('fills the DATEV header from the client, the accounting period and the firm settings', () => {
    const { batch } = build(source(1, {}));
    expect(batch).toMatchObject({
      clientNo: 1001,
      clientNumber: 1001,
      consultantNumber: 1001,
      accountLength: 6,
      fiscalYearStart: '2026-01-01',
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
      description: 'Belege 2026',
      createdAt,
      currency: 'EUR',
    });
  });

  it('turns an incoming invoice into a booking on the supplier and expense account with amounts, tax, date, number and cost centre', () => {
    const { batch, refused } = build(source(7, { cost_center: 'KST100' }));
    expect(refused).toEqual([]);
    expect(batch.bookings).toEqual([
      {
        documentId: 7,
        direction: 'ER',
        invoiceNumber: 'RE-7',
        invoiceDate: '2026-03-12',
        personAccount: 330100,
        ledgerAccount: 510000,
        gross: 120,
        tax: 20,
        taxRate: 20,
        costCentre: 'KST100',
        text: 'Gletscher Bergbahnen GmbH',
      },
    ]);
  });

  it('books an outgoing invoice on the customer with the recipient as text', () => {
    const { batch } = build(source(8, { supplier_account: '200100', expense_account: '400000' }, 'AR'));
    expect(batch.bookings[0]).toMatchObject({ direction: 'AR', personAccount: 200100, ledgerAccount: 400000, text: 'Alpenblick Gastronomie GmbH' });
  });

  it('derives the DATEV tax key from a German rate and takes a numeric tax code for both formats', () => {
    expect(build(source(1, { tax_rate: 19, tax_amount: 19, gross_amount: 119, net_amount: 100 })).batch.bookings[0]!.datevTaxKey).toBe('9');
    expect(build(source(1, { tax_rate: 7, net_amount: 100, tax_amount: 7, gross_amount: 107 }, 'AR')).batch.bookings[0]!.datevTaxKey).toBe('2');
    expect(build(source(1, { tax_code: '91' })).batch.bookings[0]).toMatchObject({ datevTaxKey: '91', bmdTaxCode: 91 });
    expect(build(source(1, { tax_code: 'VST20' })).batch.bookings[0]).not.toHaveProperty('bmdTaxCode');
  });

  it('computes the tax from net and gross when the tax amount is empty', () => {
    expect(build(source(1, { tax_amount: null, net_amount: 100, gross_amount: 120.5 })).batch.bookings[0]!.tax).toBe(20.5);
  });

  it('leaves out a document without supplier account, expense account, gross amount or invoice date and names each missing field', () => {
    const { batch, refused } = build(source(1, {}), source(2, { supplier_account: null, invoice_date: null }));
    expect(batch.bookings.map((b) => b.documentId)).toEqual([1]);
    expect(refused).toEqual([
      { documentId: 2, field: 'supplier_account', message: 'is missing' },
      { documentId: 2, field: 'invoice_date', message: 'is missing' },
    ]);
  });

  it('refuses a document in a currency other than EUR', () => {
    expect(build(source(3, { currency: 'CHF' })).refused).toEqual([
      { documentId: 3, field: 'currency', message: 'CHF cannot be exported; the booking batch is in EUR' },
    ]);
  });
});

describe('export file', () => {
  it('takes the bookings the writer refuses out, writes the rest and names the booking field in the reason', () => {
    const { batch } = build(source(1, {}), source(2, { supplier_account: '12345678901' }), source(3, { invoice_date: '2025-12-31' }));
    const { csv, written, refused } = writeExportFile('DATEV', batch);
    expect(written.bookings.map((b) => b.documentId)).toEqual([1]);
    expect(csv.toString('latin1').split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(reasonsByDocument(refused)).toEqual(
      new Map([
        [2, 'supplier_account: 12345678901 is not an account number of up to nine digits'],
        [3, 'invoice_date: 2025-12-31 is outside the period 2026-01-01 to 2026-12-31'],
      ]),
    );
  });

  it('throws a batch-level problem on instead of blaming a document', () => {
    const { batch } = build(source(1, {}));
    expect(() => writeExportFile('BMD', { ...batch, periodEnd: '2027-01-31' })).toThrow('a batch covers one financial year');
  });

  it('names the CSV as the importing system expects', () => {
    expect(csvNameOf('DATEV', 1001, 2026)).toBe('EXTF_Buchungsstapel_1001_2026.csv');
    expect(csvNameOf('BMD', 1002, 2026)).toBe('BMD_Buchungen_1002_2026.csv');
  });
});

describe('export warnings and original names', () => {
  it('notes an invoice number DATEV cannot keep in Belegfeld 1 and a booking text cut to 60 characters', () => {
    const booking = build(source(1, { invoice_number: 'RE 2026_17', biller: 'B'.repeat(70) })).batch.bookings[0]!;
    expect(exportWarnings('DATEV', booking)).toEqual([
      'invoice number (Belegfeld 1) written as "RE202617"',
      `booking text (Buchungstext) written as "${'B'.repeat(60)}"`,
    ]);
    expect(exportWarnings('BMD', booking)).toEqual([]);
  });

  it('has no notes for values that fit', () => {
    expect(exportWarnings('DATEV', build(source(1, { cost_center: 'KST100' })).batch.bookings[0]!)).toEqual([]);
  });

  it('names each original after its invoice number, safe for file systems, the id otherwise, and keeps names unique', () => {
    const original = (documentId: number, invoiceNumber: string | null, mediaType = 'application/pdf', fileName = 'scan.pdf') => ({
      documentId,
      invoiceNumber,
      mediaType,
      fileName,
      sha256: '',
      bytes: Buffer.alloc(0),
    });
    expect(originalNames([original(1, 'RE-2026/0815'), original(2, null), original(3, 're-2026/0815'), original(4, 'A1', 'image/tiff', 'beleg.TIFF')])).toEqual(
      ['RE-2026_0815.pdf', '2.pdf', 're-2026_0815-3.pdf', 'A1.tiff'],
    );
  });
});
