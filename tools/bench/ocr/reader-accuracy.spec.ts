import { OcrEngine } from '@portal/extraction';
import { describeWithFixtures } from '../../harness/outside-fixtures';
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

  it('shows almost no wrong value: precision at least 99.5 % (97.9 % at 016bdab)', () => {
    expect(report.wrong.length).toBe(report.total.wrong);
    expect(precision(report.total)).toBeGreaterThanOrEqual(0.995);
  });

  it('reads nearly every field: recall at least 97 % on German and English pages, 90 % on Dutch, French and Italian ones (85.4 % at 016bdab)', () => {
    expect(recall(report.total)).toBeGreaterThanOrEqual(0.97);
    expect(recall(report.byLanguage['de/en']!.total)).toBeGreaterThanOrEqual(0.97);
    expect(recall(report.byLanguage['nl/fr/it']!.total)).toBeGreaterThanOrEqual(0.9);
  });

  it('shows no wrong value but the one where the page and its XML disagree', () => {
    // The page prints "Referenz (bitte bei Zahlung angeben) 2014-471102"; its XML says 2013-471102.
    expect(report.wrong.map((w) => `${w.file} ${w.field} ${w.shown}`)).toEqual(['intarsys-zugferd-1.0/ZUGFeRD_1p0_COMFORT_SEPA_Prenotification.pdf payment_reference 2014-471102']);
  });

  it('reads the blanko ZUGFeRD page (no XML) without a wrong value', () => {
    expect(blanko.invoices).toBe(1);
    expect(blanko.total.wrong).toBe(0);
  });
});
