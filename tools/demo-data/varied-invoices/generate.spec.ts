import { isValidIBAN } from '@portal/domain';
import { checkVAT, countries } from 'jsvat';
import { formatDate, formatMoney, formatNumber } from './formats';
import { generateVariedInvoices } from './generate';

describe('varied invoices for measuring the page reader', () => {
  it('are the same bytes for the same options', async () => {
    const [a, b] = await Promise.all([generateVariedInvoices({ count: 3, seed: 5 }), generateVariedInvoices({ count: 3, seed: 5 })]);
    expect(a.map((i) => i.bytes.equals(b[a.indexOf(i)].bytes))).toEqual([true, true, true]);
    expect(a.map((i) => i.name)).toEqual(b.map((i) => i.name));
  });

  it('hold a truth whose totals add up, with valid VAT ids and IBANs and credit notes negative', async () => {
    const invoices = await generateVariedInvoices({ count: 40, seed: 7 });
    for (const { truth, name } of invoices) {
      expect(Math.round(((truth.net_amount ?? 0) + (truth.tax_amount ?? 0)) * 100)).toBe(Math.round((truth.gross_amount ?? 0) * 100));
      if (truth.biller?.vat_id) expect(checkVAT(truth.biller.vat_id, countries).isValid).toBe(true);
      if (truth.iban) expect(isValidIBAN(truth.iban)).toBe(true);
      if (truth.document_kind === 'credit_note') expect(truth.gross_amount).toBeLessThan(0);
      expect(truth.invoice_number).toBeTruthy();
      expect(name).toMatch(/^varied\/[a-z-]+-(invoice|credit_note|correction|insurance)-(de|en|nl|fr|it)-\d{3}\.pdf$/);
    }
    expect(new Set(invoices.map((i) => i.model.language)).size).toBe(5);
    expect(new Set(invoices.map((i) => i.model.style)).size).toBeGreaterThanOrEqual(5);
  });

  it('print amounts and dates the way each language does', () => {
    expect(formatNumber(123456789, 'in')).toBe('12,34,567.89');
    expect(formatNumber(123456, 'fr')).toBe('1 234,56');
    expect(formatMoney(-123456, 'en', 'GBP')).toBe('-£1,234.56');
    expect(formatMoney(123456, 'nl', 'EUR')).toBe('€ 1.234,56');
    expect(formatDate('2020-11-05', 'dashed', 'nl')).toBe('05-11-2020');
    expect(formatDate('2020-11-05', 'dd-mon-yy', 'en')).toBe('05-Nov-20');
    expect(formatDate('2020-11-05', 'long', 'de')).toBe('5. November 2020');
  });
});
