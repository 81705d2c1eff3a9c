import { doc, ledgerOf, Q1 } from '../../test/report-facts';
import { vatReport } from './vat-report.rules';

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
});
