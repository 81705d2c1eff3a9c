import { describeWithFixtures } from './testing/outside-fixtures.testing';
import { OcrEngine } from './extraction';
import { blankoSamples, corpusSamples, measureReader, precision, READER_FIELDS, recall, type ReaderReport } from './reader-accuracy.bench';

jest.setTimeout(900_000);

// Invoices by other producers, read from the page with their XML ignored (issue 23). Measured, and guarded
// against falling back: the figures are in BENCHMARKS.md; `npm run bench -- --only=reader` prints them per field.
describeWithFixtures('corpus', 'the page reader on 48 invoices by other producers', () => {
  const ocr = new OcrEngine();
  let report: ReaderReport;
  let blanko: ReaderReport;
  beforeAll(async () => {
    report = await measureReader(await corpusSamples(ocr), 'corpus', ocr);
    blanko = await measureReader(await blankoSamples(ocr), 'blanko', ocr);
  });
  afterAll(() => ocr.terminate());

  it('reads every corpus invoice and counts each field right, wrong or empty', () => {
    expect(report.invoices).toBe(48);
    const counted = Object.values(report.byField).reduce((n, t) => n + t.right + t.wrong + t.empty, 0);
    expect(counted).toBe(report.total.right + report.total.wrong + report.total.empty);
    expect(Object.keys(report.byField).sort()).toEqual(READER_FIELDS.map(([name]) => name).filter((n) => n in report.byField).sort());
  });

  it('shows few wrong values: precision at least 97 % (85.7 % before the page reader)', () => {
    expect(report.wrong.length).toBe(report.total.wrong);
    expect(precision(report.total)).toBeGreaterThanOrEqual(0.97);
  });

  it('reads most fields: recall at least 80 % (68.6 % before)', () => {
    expect(recall(report.total)).toBeGreaterThanOrEqual(0.8);
  });

  it('never shows a wrong total, date of issue or document kind where the page prints it', () => {
    const wrongCritical = report.wrong.filter((w) => ['gross', 'document_kind', 'currency', 'iban', 'seller_vat_id'].includes(w.field));
    expect(wrongCritical).toEqual([]);
  });

  it('reads the blanko ZUGFeRD page (no XML) without a wrong value', () => {
    expect(blanko.invoices).toBe(1);
    expect(blanko.total.wrong).toBe(0);
  });
});
