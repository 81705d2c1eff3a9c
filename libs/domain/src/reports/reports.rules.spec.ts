import { diffLines } from './reports.rules';
import { doc, ledgerOf, Q1 } from '../../test/report-facts';
import { vatLines, vatReport } from './vat-report.rules';

describe('report changes', () => {
  const sales20 = doc('AR', { net_amount: 1000, tax_amount: 200, gross_amount: 1200, tax_rate: 20 });

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
