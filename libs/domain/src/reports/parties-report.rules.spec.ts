import { partiesReport } from './parties-report.rules';
import { doc, ledgerOf, Q1 } from '../../test/report-facts';

describe('suppliers and customers', () => {
  it('ranks parties by volume with their months and the change against the previous period', () => {
    const a1 = doc('ER', { biller: 'Metro', gross_amount: 300, invoice_date: '2026-01-10' });
    const a2 = doc('ER', { biller: 'Metro', gross_amount: 100, invoice_date: '2026-02-10' });
    const aPrev = doc('ER', { biller: 'Metro', gross_amount: 200, invoice_date: '2025-12-01' });
    const b = doc('ER', { biller: 'Billa', gross_amount: 50 });
    const c = doc('AR', { recipient: 'Hotel Post', gross_amount: 900 });
    const r = partiesReport(ledgerOf(a1, a2, aPrev, b, c), Q1);
    expect(r.suppliers.map((s) => [s.party, s.gross, s.previous, s.change])).toEqual([
      ['Metro', 400, 200, 100],
      ['Billa', 50, 0, null],
    ]);
    expect(r.suppliers[0]!.months).toEqual({ '2026-01': 300, '2026-02': 100 });
    expect(r.customers.map((s) => s.party)).toEqual(['Hotel Post']);
    expect([r.previousFrom, r.previousTo]).toEqual(['2025-10-01', '2025-12-31']);
  });
});
