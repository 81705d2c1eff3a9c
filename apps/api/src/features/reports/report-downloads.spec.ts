import { inflateSync } from 'node:zlib';
import type { ReportResult } from '@portal/contracts';
import { computeReport, diffLines, emptyLedger, EMPTY_BOOKING_FIELDS, type ClientLedger, type DocumentFact } from '@portal/domain';
import { readPdf } from '@portal/document-files';
import { csvCell, reportCsv } from './report-csv';
import { pdfBrandOf, reportPdf } from './report-pdf';
import { momentFormatter, REPORT_TEXTS, reportLanguageOf, type ReportLanguage } from './report-texts';

const LIMITS = { maxPages: 5, maxOcrPages: 0, minTextChars: 0, dpi: 72, maxPixels: 5e6, timeoutMs: 30_000, maxHeapMb: 256 };
const PERIOD = { from: '2026-01-01', to: '2026-03-31' };

function ledger(): ClientLedger {
  const l = emptyLedger(1001);
  const doc = (id: number, category: 'ER' | 'AR', booking: Partial<DocumentFact['booking']>): DocumentFact => ({
    id,
    client_no: 1001,
    category,
    title: 't',
    deleted: false,
    uploaded_at: '2026-02-01T08:00:00.000Z',
    uploaded_by: 'u',
    confirmed_at: '2026-02-02T08:00:00.000Z',
    confirmed_by: 'anna',
    booked_at: null,
    booked_by: null,
    erp_status: null,
    erp_at: null,
    booking: { ...EMPTY_BOOKING_FIELDS, invoice_date: '2026-02-01', ...booking },
    origins: {},
  });
  l.documents.set(
    1,
    doc(1, 'AR', { net_amount: 1000, tax_amount: 200, gross_amount: 1200, tax_rate: 20, recipient: 'Hotel Post', invoice_date: '2026-01-15' }),
  );
  l.documents.set(2, doc(2, 'ER', { net_amount: 300, tax_amount: 60, gross_amount: 360, tax_rate: 20, biller: 'Metro' }));
  l.exports.set('a', {
    id: 'a',
    client_no: 1001,
    accounting: 2026,
    format: 'DATEV',
    requested_at: '2026-02-03T09:00:00.000Z',
    requested_by: 'Anna',
    status: 'done',
    finished_at: null,
    documents: 1,
    results: [{ documentId: 2, status: 'error', reason: 'supplier_account: is missing' }],
    reason: null,
  });
  return l;
}

function result(report: ReportResult['report'], withCompare = false): ReportResult {
  const { body, lines } = computeReport(report, ledger(), { period: PERIOD, country: 'AT', timeZone: 'UTC' });
  const base: ReportResult = {
    client_no: 1001,
    report,
    from: PERIOD.from,
    to: PERIOD.to,
    asOf: '2026-04-10T18:00:00.000Z',
    asOfPosition: null,
    position: 42,
    body,
    lines,
  };
  if (!withCompare) return base;
  const earlier = computeReport(report, emptyLedger(1001), { period: PERIOD, country: 'AT', timeZone: 'UTC' });
  return { ...base, compare: { asOf: null, asOfPosition: 7, position: 7, body: earlier.body, lines: earlier.lines, changes: diffLines(earlier.lines, lines) } };
}

async function pdfText(r: ReportResult, language: ReportLanguage, primary = '#336699') {
  const pdf = await reportPdf(
    r,
    'Alpenblick GmbH',
    pdfBrandOf({ brandName: 'Huber & Partner', brandShort: 'HP', brandPrimary: primary }),
    new Date('2026-04-10T12:00:00Z'),
    REPORT_TEXTS[language],
    momentFormatter(language, 'Europe/Vienna'),
  );
  const read = await readPdf(pdf, LIMITS);
  if (!read.ok) throw new Error(read.message);
  return {
    pdf,
    text: read.pages
      .map((p) => p.text)
      .join('\n')
      .replace(/[\u00a0\u202f]/g, ' '),
  };
}

describe("report downloads in the reader's language", () => {
  jest.setTimeout(60_000);

  it('writes the VAT PDF in German: return code meanings, section names of the changes, German dates and amounts', async () => {
    const { text } = await pdfText(result('vat', true), 'de');
    expect(text).toContain('Umsatzsteuer-Übersicht');
    expect(text).toContain('Kennzahlen (Österreich, U30)');
    expect(text).toContain('Vorsteuer');
    expect(text).toContain('Zahllast (Gutschrift, wenn negativ)');
    // 18:00 UTC is 20:00 in Vienna in April (summer time): the firm's time, never UTC.
    expect(text).toContain('Stand: 10.04.2026, 20:00');
    expect(text).toContain('Änderungen zwischen Log-Position 7 und 10.04.2026, 20:00');
    expect(text).toContain('erstellt 10.04.2026, 14:00');
    expect(text).not.toContain('UTC');
    expect(text).toContain('1 000,00');
    expect(text).toContain('Seite 1 von 2');
    expect(text).not.toContain('Input tax');
  });

  it('writes the same PDF in English for an English reader', async () => {
    const { text } = await pdfText(result('vat', true), 'en');
    expect(text).toContain('VAT summary');
    expect(text).toContain('060 Input tax');
    expect(text).toContain('1,000.00');
    expect(text).toContain('As of: 04/10/2026, 8:00 PM');
    expect(text).not.toContain('UTC');
    expect(text).not.toContain('Vorsteuer');
  });

  it("draws the brand in the configured primary colour, and in spec §1's #336699 when none is recorded", async () => {
    const { pdf } = await pdfText(result('vat'), 'en', '#aa2200');
    // pdfkit writes fill colours as RGB fractions into its (deflated) page streams: #aa2200 is 0.666667 0.133333 0.
    const raw = pdf.toString('latin1');
    const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
      try {
        return inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
      } catch {
        return '';
      }
    });
    expect(streams.join('\n')).toMatch(/0\.6666\d* 0\.1333\d* 0 (rg|scn)/);
    expect(pdfBrandOf(null).primary).toBe('#336699');
    expect(pdfBrandOf({ brandPrimary: 'red' }).primary).toBe('#336699');
  });

  it("shows the suppliers' and customers' gross per month in the CSV and the PDF", async () => {
    const csv = reportCsv(result('parties'), 'Alpenblick GmbH', REPORT_TEXTS.de, momentFormatter('de', 'Europe/Vienna'));
    expect(csv).toContain('"Top-Kunden · Brutto pro Monat"');
    expect(csv).toContain('"Partner";"2026-01";"2026-02";"2026-03"');
    // German spreadsheets read a decimal comma; English ones a decimal point.
    expect(csv).toContain('"Hotel Post";"1200,00";"0,00";"0,00"');
    expect(reportCsv(result('parties'), 'Alpenblick GmbH', REPORT_TEXTS.en, momentFormatter('en', 'Europe/Vienna'))).toContain(
      '"Hotel Post";"1200.00";"0.00";"0.00"',
    );
    // The log position the report stands at is internal: not in the file a client receives.
    expect(csv).not.toMatch(/Log-Position/);
    const { text } = await pdfText(result('parties'), 'en');
    expect(text).not.toMatch(/log position/);
    expect(text).toContain('Top suppliers · Gross per month');
  });

  it('neutralises every text cell a spreadsheet would read as a formula: = + - @, a tab or a carriage return first', () => {
    for (const text of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1', '\tcmd'])
      expect(csvCell(text, false)).toBe(`"'${text.replace(/"/g, '""')}"`);
    expect(csvCell('Hotel Post', false)).toBe('"Hotel Post"');
    expect(csvCell(-12.5, true)).toBe('"-12.50"');
  });

  it('translates recorded ERP refusal reasons and job states', () => {
    const csv = reportCsv(result('exports'), 'Alpenblick GmbH', REPORT_TEXTS.de, momentFormatter('de', 'Europe/Vienna'));
    expect(csv).toContain('"Lieferantenkonto: fehlt"');
    expect(csv).toContain('"Fertig"');
    // 09:00 UTC in February is 10:00 in Vienna.
    expect(csv).toContain('"03.02.2026, 10:00"');
  });

  it("takes the language asked for, else the user's locale, else German", () => {
    expect(reportLanguageOf('en', 'de')).toBe('en');
    expect(reportLanguageOf(undefined, 'en')).toBe('en');
    expect(reportLanguageOf('fr', undefined)).toBe('de');
  });
});
