import { ORIGIN, type ExtractionResult, type LabelField, type PageWord, type PageWords } from '@portal/contracts';
import { emptyModel, locateValue, sampleAt, withDocumentSamples } from '@portal/domain';
import { learnedFieldsOf, withLearnedFields } from './apply-model';

/** An invoice page of one supplier: number, dates, totals, each after its label. */
function page(values: { number: string; date: string; due: string; net: string; tax: string; gross: string }): PageWords[] {
  const rows: Array<[y: number, x: number, texts: string[]]> = [
    [60, 40, ['Stadtwerke', 'Musterstadt', 'GmbH']],
    [120, 350, ['Rechnungsnummer:', values.number]],
    [140, 350, ['Datum:', values.date]],
    [160, 350, ['Fällig:', values.due]],
    [460, 300, ['Netto', 'EUR', values.net]],
    [480, 300, ['USt', 'EUR', values.tax]],
    [500, 300, ['Gesamtbetrag', 'EUR', values.gross]],
  ];
  // Five points per character, four between words.
  const words: PageWord[] = rows.flatMap(([y, x, texts]) =>
    texts.map((text, i) => ({ text, y, x: x + texts.slice(0, i).reduce((w, t) => w + t.length * 5 + 4, 0), width: text.length * 5, height: 10 })),
  );
  return [{ page: 1, width: 595, height: 842, words }];
}

const taught = { number: 'SW-100', date: '04.03.2026', due: '18.03.2026', net: '100,00', tax: '20,00', gross: '120,00' };
const TAUGHT: Array<[LabelField, string | number]> = [
  ['invoice_number', 'SW-100'],
  ['invoice_date', '2026-03-04'],
  ['due_date', '2026-03-18'],
  ['net_amount', 100],
  ['tax_amount', 20],
  ['gross_amount', 120],
];

/** The supplier's model after one invoice with every field labeled. */
function model() {
  const pages = page(taught);
  const samples = Object.fromEntries(TAUGHT.map(([field, value]) => [field, sampleAt(pages, locateValue(pages, field, value)!, 1, ORIGIN.Human_Labeling)]));
  const empty = { ...emptyModel(1001, 'vat:ATU12345678', 't0'), vat_ids: ['ATU12345678'], supplier_name: 'Stadtwerke Musterstadt GmbH' };
  return withDocumentSamples(empty, 1, samples, 't1');
}

function read(values: typeof taught, fields: ExtractionResult['fields'], review: ExtractionResult['review'] = []): ExtractionResult {
  const origins = Object.fromEntries(Object.keys(fields).map((f) => [f, ORIGIN.PDF_Parse]));
  return {
    origin: ORIGIN.PDF_Parse,
    text: 'Stadtwerke Musterstadt GmbH\nRechnung',
    pages: 1,
    pageOrigins: [ORIGIN.PDF_Parse],
    fields,
    fieldOrigins: origins,
    fieldConfidence: {},
    review,
    ms: 1,
    pageWords: page(values),
  };
}

describe('learned fields on the next invoice of a supplier', () => {
  it('never replaces a value the reader found and checked', () => {
    const next = { ...taught, number: 'SW-205' };
    const out = withLearnedFields(
      read(next, { invoice_number: 'SW-2O5', invoice_date: '2026-03-04', due_date: '2026-03-18', net_amount: 100, tax_amount: 20, gross_amount: 120 }),
      model(),
    );
    expect(out).toBeNull();
  });

  it('fills a field the reader left for review when it checks out with the others, and takes it off the review list', () => {
    const out = withLearnedFields(read(taught, { invoice_number: 'SW-100', net_amount: 100, tax_amount: 20 }, ['gross_amount']), model());
    expect(out?.learned).toEqual(expect.arrayContaining(['gross_amount']));
    expect(out!.result.fields.gross_amount).toBe(120);
    expect(out!.result.fieldOrigins.gross_amount).toBe(ORIGIN.Machine_Learning);
    expect(out!.result.review).not.toContain('gross_amount');
    expect(out!.result.fields.net_amount).toBe(100);
  });

  it('fills all three totals together when the reader found none and they add up', () => {
    const out = withLearnedFields(read(taught, { invoice_number: 'SW-100' }, ['net_amount', 'tax_amount', 'gross_amount']), model());
    expect([out!.result.fields.net_amount, out!.result.fields.tax_amount, out!.result.fields.gross_amount]).toEqual([100, 20, 120]);
  });

  it('refuses a learned total that does not add up with the totals the reader checked', () => {
    const out = withLearnedFields(
      read({ ...taught, gross: '130,00' }, { invoice_number: 'SW-100', net_amount: 100, tax_amount: 20 }, ['gross_amount']),
      model(),
    );
    expect(out?.result.fields.gross_amount).toBeUndefined();
    expect(out?.learned ?? []).not.toContain('gross_amount');
  });

  it('refuses a learned due date before the invoice date', () => {
    const out = withLearnedFields(
      read({ ...taught, due: '01.02.2026' }, { invoice_number: 'SW-100', invoice_date: '2026-03-04', net_amount: 100, tax_amount: 20, gross_amount: 120 }),
      model(),
    );
    expect(out).toBeNull();
  });

  it('never fills a field of a structured e-invoice', () => {
    const result = {
      ...read(taught, { invoice_number: 'SW-100', net_amount: 100, tax_amount: 20, gross_amount: 120 }),
      fieldOrigins: { invoice_number: ORIGIN.EInvoice_XML, due_date: ORIGIN.EInvoice_XML },
    };
    const out = withLearnedFields(result, model());
    expect(out?.learned).not.toContain('due_date');
    expect(out?.learned).toContain('invoice_date');
  });

  it('recognises the supplier by its VAT ID and names the model the fields came from', () => {
    const out = learnedFieldsOf({ ...read(taught, { invoice_number: 'SW-100', biller: { name: 'Stadtwerke', vat_id: 'ATU12345678' } }) }, [model()]);
    expect(out?.info).toMatchObject({ supplierKey: 'vat:ATU12345678', supplierName: 'Stadtwerke Musterstadt GmbH', examples: 1 });
    expect(out?.result.fields.due_date).toBe('2026-03-18');
  });
});
