import type { SvTransaction } from '@portal/contracts';
import { readPdf } from '@portal/document-files';
import type { StoredSvAccount } from '@portal/read-models';
import { computeAccount } from './sv-figures';
import { svStatementPdf } from './sv-statement-pdf';
import { statementRange } from './sv-tool.routes';

const account: StoredSvAccount = {
  id: '1002-4001002',
  company_no: 1002,
  kontonr: '4001002',
  kind: 'OEGK',
  ntcs_id: 'NTCS-1002',
  kanzlei_id: 'HP-01',
  kassa_mandant: 'OEGK',
  responsible: 'Anna Berger',
  verzugszinsatz_pro_jahr: null,
  sepa: null,
  pension: { insurance_number: null, pension_type: null, since: null },
  partner: { name: null, insurance_number: null, relation: null },
  power_of_attorney: { holder: null, granted_on: null, valid_until: null, scope: null },
  state: 'MA',
  state_since: '2025-04-20',
  transaction_count: 3,
  updated_at: '2025-04-20T10:00:00Z',
  revision: 3,
};
const tx = (
  id: string,
  date: string,
  text: string,
  period: string | null,
  soll: number,
  haben: number,
  state: SvTransaction['buchungszustand'] = '',
): SvTransaction => ({
  id: `${account.id}:${id}`,
  account_id: account.id,
  company_no: 1002,
  buchungsDatum: date,
  wertstellungsDatum: date,
  buchungstext: text,
  beitragszeitraum: period,
  soll,
  haben,
  buchungszustand: state,
  source: 'import',
  corrected: false,
  correction_reason: null,
  recorded_by: 'u1',
  recorded_at: '2025-04-20T10:00:00Z',
  revision: 1,
});
const txs = [
  tx('a', '2024-12-31', 'Beiträge 12/2024', '2024-12', 500, 0),
  tx('b', '2025-01-31', 'Beiträge 01/2025', '2025-01', 1000, 0),
  tx('c', '2025-03-02', 'Überweisung', '2025-01', 0, 400),
  tx('d', '2025-04-20', 'Mahngebühr', null, 7.5, 0, 'MA'),
];
const RATES = { 2024: 7.88, 2025: 7.03 };
const LIMITS = { maxPages: 5, maxOcrPages: 0, minTextChars: 0, dpi: 72, maxPixels: 5e6, timeoutMs: 30_000, maxHeapMb: 256 };

async function textOf(lang: 'de' | 'en'): Promise<string> {
  const detail = computeAccount(account, txs, RATES, '2025-04-30');
  const pdf = await svStatementPdf({
    detail,
    transactions: txs,
    rates: RATES,
    clientName: 'Muster GmbH',
    from: '2025-01-01',
    to: '2025-04-30',
    lang,
    brand: { name: 'Huber & Partner', short: 'HP', primary: '#336699' },
    createdAt: new Date('2025-04-30T12:00:00Z'),
    timeZone: 'Europe/Vienna',
  });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const read = await readPdf(pdf, LIMITS);
  if (!read.ok) throw new Error(read.message);
  // de-AT groups thousands with a narrow no-break space.
  return read.pages
    .map((p) => p.text)
    .join('\n')
    .replace(/[\u00a0\u202f]/g, ' ');
}

describe('SV statement PDF for the client', () => {
  jest.setTimeout(60_000);

  it('carries the brand, the period, the opening balance, the bookings of the period and the interest calculation in German', async () => {
    const text = await textOf('de');
    expect(text).toContain('Huber & Partner');
    expect(text).toContain('Beitragskontoauszug');
    expect(text).toContain('1002 Muster GmbH');
    expect(text).toContain('01.01.2025 – 30.04.2025');
    // Created at 12:00 UTC: 14:00 in Vienna (summer time), never UTC.
    expect(text).toContain('erstellt 30.04.2025, 14:00');
    expect(text).not.toContain('UTC');
    // 12/2024 lies before the period: it is the opening balance, not a booking line.
    expect(text).toContain('Saldo am Beginn des Zeitraums: 500,00 €');
    expect(text).not.toContain('Beiträge 12/2024');
    expect(text).toContain('Überweisung');
    expect(text).toContain('Mahngebühr');
    expect(text).toContain('Saldo am Ende des Zeitraums: 1 107,50 €');
    expect(text).toContain('Verzugszinsen nach § 59 ASVG');
    expect(text).toContain('7,03 %');
    expect(text).toContain('Zu zahlen am Stichtag');
    expect(text).toContain('Seite 1 von');
    expect(text.replace(/\s+/g, ' ')).toContain('ab dem 16. Tag nach Fälligkeit');
  });

  it('is written in English when asked', async () => {
    const text = await textOf('en');
    expect(text).toContain('Contribution account statement');
    expect(text).toContain('Interest on arrears under § 59 ASVG');
    expect(text).toContain('Page 1 of');
  });
});

describe('SV statement range', () => {
  it('defaults to the current year up to today and never runs past today', () => {
    expect(statementRange({}, '2025-06-15')).toEqual({ from: '2025-01-01', to: '2025-06-15', lang: 'de' });
    expect(statementRange({ from: '2024-01-01', to: '2030-01-01', lang: 'en' }, '2025-06-15')).toEqual({ from: '2024-01-01', to: '2025-06-15', lang: 'en' });
  });

  it('refuses dates that are not dates, a start after the end and an unknown language', () => {
    expect(() => statementRange({ from: '1.1.2025' }, '2025-06-15')).toThrow('YYYY-MM-DD');
    expect(() => statementRange({ from: '2025-06-01', to: '2025-05-01' }, '2025-06-15')).toThrow('after');
    expect(() => statementRange({ lang: 'fr' }, '2025-06-15')).toThrow('de or en');
  });
});
