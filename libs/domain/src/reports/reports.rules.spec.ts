import type { DocumentBookingFields } from '@portal/contracts';
import { EMPTY_BOOKING_FIELDS } from '../documents/booking-fields.rules';
import type { DocumentFact } from './document-fact.rules';
import { emptyLedger, type ClientLedger } from './ledger.rules';
import { exportsReport } from './exports-report.rules';
import { partiesReport } from './parties-report.rules';
import { processingReport } from './processing-report.rules';
import { diffLines } from './reports.rules';
import { vatLines, vatReport } from './vat-report.rules';

const Q1 = { from: '2026-01-01', to: '2026-03-31' };
let nextId = 1;
function doc(category: 'ER' | 'AR' | 'ER_U', booking: Partial<DocumentBookingFields>, over: Partial<DocumentFact> = {}): DocumentFact {
  return {
    id: nextId++, client_no: 1001, category, title: 't', deleted: false, uploaded_at: '2026-02-01T08:00:00.000Z', uploaded_by: 'u',
    confirmed_at: category === 'ER_U' ? null : '2026-02-02T08:00:00.000Z', confirmed_by: 'anna', booked_at: null, booked_by: null, erp_status: null, erp_at: null,
    booking: { ...EMPTY_BOOKING_FIELDS, invoice_date: '2026-02-01', ...booking }, origins: {}, ...over,
  };
}
const ledgerOf = (...docs: DocumentFact[]): ClientLedger => {
  const ledger = emptyLedger(1001);
  for (const d of docs) ledger.documents.set(d.id, d);
  return ledger;
};
const code = (r: ReturnType<typeof vatReport>, c: string) => r.codes.find((x) => x.code === c)?.amount;

describe('VAT summary', () => {
  const sales20 = doc('AR', { net_amount: 1000, tax_amount: 200, gross_amount: 1200, tax_rate: 20 });
  const sales10 = doc('AR', { net_amount: 500, tax_amount: 50, gross_amount: 550, tax_rate: 10 });
  const purchase = doc('ER', { net_amount: 300, tax_amount: 60, gross_amount: 360, tax_rate: 20 });

  it('maps an Austrian period to U30 codes: 022/029 bases, 000 total, 060 input tax, 095 payable', () => {
    const r = vatReport(ledgerOf(sales20, sales10, purchase), Q1, 'AT');
    expect(code(r, '000')).toBe(1500);
    expect(code(r, '022')).toBe(1000);
    expect(code(r, '029')).toBe(500);
    expect(code(r, '006')).toBe(0);
    expect(code(r, '060')).toBe(60);
    expect(code(r, '095')).toBe(190);
    expect(r.rows).toEqual([
      { direction: 'output', rate: 20, count: 1, net: 1000, tax: 200, gross: 1200 },
      { direction: 'output', rate: 10, count: 1, net: 500, tax: 50, gross: 550 },
      { direction: 'input', rate: 20, count: 1, net: 300, tax: 60, gross: 360 },
    ]);
  });

  it('puts intra-EU and reverse-charge input tax on 065 and 066 in Austria', () => {
    const ig = doc('ER', { net_amount: 100, tax_amount: 20, gross_amount: 120, tax_rate: 20, tax_code: 'IG' });
    const rc = doc('ER', { net_amount: 200, tax_amount: 40, gross_amount: 240, tax_rate: 20, tax_code: 'RC' });
    const r = vatReport(ledgerOf(ig, rc, purchase), Q1, 'AT');
    expect([code(r, '060'), code(r, '065'), code(r, '066')]).toEqual([60, 20, 40]);
  });

  it('owes the tax on intra-EU acquisitions and reverse charge in Austria as well: 070/072 and 057 on the output side, 095 without them', () => {
    // Supplier invoices without tax: the buyer computes it at the rate named, or at the standard 20 %.
    const ig20 = doc('ER', { net_amount: 1000, tax_amount: 0, gross_amount: 1000, tax_rate: 20, tax_code: 'IG Erwerb' });
    const ig10 = doc('ER', { net_amount: 300, tax_amount: 0, gross_amount: 300, tax_rate: 10, tax_code: 'igE' });
    const rc = doc('ER', { net_amount: 500, tax_amount: 0, gross_amount: 500, tax_rate: 0, tax_code: '§ 19 RC' });
    const r = vatReport(ledgerOf(sales20, purchase, ig20, ig10, rc), Q1, 'AT');
    expect([code(r, '070'), code(r, '072'), code(r, '073'), code(r, '057')]).toEqual([1300, 1000, 300, 100]);
    expect([code(r, '065'), code(r, '066')]).toEqual([230, 100]);
    expect(r.outputTax).toBe(200 + 230 + 100);
    // Owed and deducted cancel out: the payable is the domestic 200 - 60.
    expect(code(r, '095')).toBe(140);
    expect(r.problems).toEqual([]);
  });

  it('owes the tax on intra-EU acquisitions (89/93) and § 13b purchases (46/47, 84/85) in Germany; 83 stays the domestic balance', () => {
    const s19 = doc('AR', { net_amount: 1000, tax_amount: 190, gross_amount: 1190, tax_rate: 19 });
    const ig19 = doc('ER', { net_amount: 200, tax_amount: 0, gross_amount: 200, tax_rate: 19, tax_code: 'innergemeinschaftlicher Erwerb' });
    const ig7 = doc('ER', { net_amount: 100, gross_amount: 100, tax_rate: 7, tax_code: 'EU' });
    const cloud = doc('ER', { net_amount: 50, tax_amount: 0, gross_amount: 50, tax_rate: 0, tax_code: '§ 13b Abs. 1' });
    const building = doc('ER', { net_amount: 400, tax_amount: 0, gross_amount: 400, tax_code: '13b Bauleistung' });
    const r = vatReport(ledgerOf(s19, ig19, ig7, cloud, building), Q1, 'DE');
    expect([code(r, '89'), code(r, '93'), code(r, '61')]).toEqual([200, 100, 45]);
    expect([code(r, '46'), code(r, '47'), code(r, '84'), code(r, '85'), code(r, '67')]).toEqual([50, 9.5, 400, 76, 85.5]);
    expect(r.outputTax).toBe(190 + 45 + 85.5);
    expect(code(r, '83')).toBe(190);
  });

  it('maps a German period to UStVA codes: 81 at 19 %, 86 at 7 %, 87 at 0 %, 66 input tax, 83 payable', () => {
    const s19 = doc('AR', { net_amount: 1000, tax_amount: 190, gross_amount: 1190, tax_rate: 19 });
    const s7 = doc('AR', { net_amount: 100, tax_amount: 7, gross_amount: 107, tax_rate: 7 });
    const s0 = doc('AR', { net_amount: 50, tax_amount: 0, gross_amount: 50, tax_rate: 0 });
    const p19 = doc('ER', { net_amount: 100, tax_amount: 19, gross_amount: 119, tax_rate: 19 });
    const r = vatReport(ledgerOf(s19, s7, s0, p19), Q1, 'DE');
    expect([code(r, '81'), code(r, '86'), code(r, '87'), code(r, '66'), code(r, '83')]).toEqual([1000, 100, 50, 19, 178]);
    expect(code(r, '022')).toBeUndefined();
  });

  it('subtracts credit notes and ignores unconfirmed, trashed and out-of-period documents', () => {
    const credit = doc('AR', { net_amount: -100, tax_amount: -20, gross_amount: -120, tax_rate: 20 });
    const open = doc('ER_U', { net_amount: 999, tax_amount: 199.8, gross_amount: 1198.8, tax_rate: 20 });
    const trashed = doc('AR', { net_amount: 999, tax_amount: 199.8, gross_amount: 1198.8, tax_rate: 20 }, { deleted: true });
    const april = doc('AR', { net_amount: 999, tax_amount: 199.8, gross_amount: 1198.8, tax_rate: 20, invoice_date: '2026-04-01' });
    const r = vatReport(ledgerOf(sales20, credit, open, trashed, april), Q1, 'AT');
    expect(code(r, '022')).toBe(900);
    expect(r.outputTax).toBe(180);
    expect(r.documents).toBe(2);
  });

  it('lists documents with missing or inconsistent tax instead of dropping them silently', () => {
    const noAmounts = doc('ER', { gross_amount: 100 });
    const noRate = doc('ER', { net_amount: 100, tax_amount: 20, gross_amount: 120 });
    const badSum = doc('ER', { net_amount: 100, tax_amount: 20, gross_amount: 130, tax_rate: 20 });
    const badTax = doc('AR', { net_amount: 100, tax_amount: 15, gross_amount: 115, tax_rate: 20 });
    const noDate = doc('AR', { net_amount: 100, tax_amount: 20, gross_amount: 120, tax_rate: 20, invoice_date: null });
    const r = vatReport(ledgerOf(noAmounts, noRate, badSum, badTax, noDate), Q1, 'AT');
    expect(r.problems.map((p) => [p.documentId, p.reason])).toEqual([
      [noAmounts.id, 'missing_amounts'],
      [noRate.id, 'missing_rate'],
      [badSum.id, 'sum_mismatch'],
      [badTax.id, 'tax_mismatch'],
      [noDate.id, 'missing_date'],
    ]);
    // The one without a rate counts at the rate its amounts show.
    expect(r.rows.find((x) => x.direction === 'input' && x.rate === 20)?.count).toBe(2);
  });

  it('shows what changed between two moments', () => {
    const before = vatLines(vatReport(ledgerOf(sales20), Q1, 'AT'));
    const corrected = { ...sales20, booking: { ...sales20.booking, net_amount: 1100, tax_amount: 220, gross_amount: 1320 } };
    const after = vatLines(vatReport(ledgerOf(corrected), Q1, 'AT'));
    expect(diffLines(before, after).filter((c) => c.section === 'codes')).toEqual([
      { key: 'code:000', section: 'codes', term: 'vatCode', arg: '000', unit: 'amount', before: 1000, after: 1100 },
      { key: 'code:022', section: 'codes', term: 'vatCode', arg: '022', unit: 'amount', before: 1000, after: 1100 },
      { key: 'code:095', section: 'codes', term: 'vatCode', arg: '095', unit: 'amount', before: 200, after: 220 },
    ]);
  });
});

describe('suppliers and customers', () => {
  it('ranks parties by volume with their months and the change against the previous period', () => {
    const a1 = doc('ER', { biller: 'Metro', gross_amount: 300, invoice_date: '2026-01-10' });
    const a2 = doc('ER', { biller: 'Metro', gross_amount: 100, invoice_date: '2026-02-10' });
    const aPrev = doc('ER', { biller: 'Metro', gross_amount: 200, invoice_date: '2025-12-01' });
    const b = doc('ER', { biller: 'Billa', gross_amount: 50 });
    const c = doc('AR', { recipient: 'Hotel Post', gross_amount: 900 });
    const r = partiesReport(ledgerOf(a1, a2, aPrev, b, c), Q1);
    expect(r.suppliers.map((s) => [s.party, s.gross, s.previous, s.change])).toEqual([['Metro', 400, 200, 100], ['Billa', 50, 0, null]]);
    expect(r.suppliers[0]!.months).toEqual({ '2026-01': 300, '2026-02': 100 });
    expect(r.customers.map((s) => s.party)).toEqual(['Hotel Post']);
    expect([r.previousFrom, r.previousTo]).toEqual(['2025-10-01', '2025-12-31']);
  });
});

describe('processing', () => {
  it('counts the backlog, the median and p90 hours to confirmation and booking, and field origins', () => {
    const fast = doc('ER', {}, { uploaded_at: '2026-02-01T08:00:00.000Z', confirmed_at: '2026-02-01T10:00:00.000Z', booked_at: '2026-02-02T08:00:00.000Z', booked_by: 'lukas', origins: { gross_amount: 50, biller: 9, net_amount: 7 } });
    const slow = doc('ER', {}, { uploaded_at: '2026-02-01T08:00:00.000Z', confirmed_at: '2026-02-05T08:00:00.000Z', origins: { gross_amount: 2 } });
    const waiting = doc('ER_U', {}, { uploaded_at: '2026-02-03T08:00:00.000Z' });
    const r = processingReport(ledgerOf(fast, slow, waiting), { from: '2026-02-01', to: '2026-02-06' }, (id) => id.toUpperCase());
    expect(r.backlog.map((b) => [b.at, b.unconfirmed, b.unbooked, b.notExported])).toEqual([
      ['2026-02-01', 1, 1, 0],
      ['2026-02-02', 1, 0, 1],
      ['2026-02-03', 2, 0, 1],
      ['2026-02-04', 2, 0, 1],
      ['2026-02-05', 1, 1, 1],
      ['2026-02-06', 1, 1, 1],
    ]);
    expect(r.toConfirm).toEqual([{ month: '2026-02', count: 2, median: 2, p90: 96 }]);
    expect(r.toBook).toEqual([{ month: '2026-02', count: 1, median: 24, p90: 24 }]);
    expect(r.byUser.map((u) => u.name)).toEqual(['ANNA', 'LUKAS']);
    expect(r.origins).toEqual({ xml: 1, text: 1, ocr: 1, human: 1 });
  });
});

describe('ERP export history', () => {
  it('counts jobs, documents and refusals with their reasons', () => {
    const ledger = emptyLedger(1001);
    const job = (id: string, results: Array<{ documentId: number; status: 'imported' | 'error' | 'info'; reason: string }>, status: 'done' | 'failed' = 'done') =>
      ledger.exports.set(id, { id, client_no: 1001, accounting: 2026, format: 'DATEV', requested_at: '2026-02-01T09:00:00.000Z', requested_by: 'anna', status, finished_at: null, documents: Math.max(1, results.length), results, reason: status === 'failed' ? 'disk full' : null });
    job('a', [{ documentId: 1, status: 'imported', reason: '' }, { documentId: 2, status: 'error', reason: 'supplier_account: is missing' }]);
    job('b', [], 'failed');
    const r = exportsReport(ledger, Q1);
    expect(r.totals).toEqual({ jobs: 2, failed: 1, documents: 3, imported: 1, errors: 1, infos: 0 });
    expect(r.reasons).toEqual([{ reason: 'disk full', count: 1 }, { reason: 'supplier_account: is missing', count: 1 }]);
  });
});
