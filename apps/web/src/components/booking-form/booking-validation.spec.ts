import type { InvoiceOverrides } from '../../test-support/invoice-fixtures';
import { invoice } from '../../test-support/invoice-fixtures';
import { isValidIban, validateValues } from './booking-validation';
import { valuesOf } from './booking-values';

const values = (booking: InvoiceOverrides['booking']) => valuesOf(invoice(1, { booking }));

describe('spec §5 validation of the form', () => {
  it('accepts a valid IBAN and flags an invalid one', () => {
    expect(isValidIban('AT193400086789366997')).toBe(true);
    expect(isValidIban('AT193400086789366998')).toBe(false);
    expect(validateValues(values({ iban: 'AT193400086789366998' }))).toEqual([
      expect.objectContaining({ field: 'iban', key: 'ibanInvalid', severity: 'error' }),
    ]);
  });

  it('requires six digits for supplier and expense accounts', () => {
    const issues = validateValues(values({ supplier_account: '33010', expense_account: '510000' }));
    expect(issues).toEqual([expect.objectContaining({ field: 'supplier_account', key: 'sixDigits' })]);
  });

  it('reports an incorrect sum with the sum and the difference, blocking confirmation', () => {
    const issues = validateValues(values({ net_amount: 100, tax_amount: 20, gross_amount: 125 }));
    expect(issues).toEqual([expect.objectContaining({ field: 'gross_amount', key: 'sumIncorrect', blocksConfirm: true, params: { sum: 120, difference: 5 } })]);
  });

  it('flags a tax amount that differs from the calculated one without blocking', () => {
    const issues = validateValues(values({ net_amount: 100, tax_amount: 19, gross_amount: 119, tax_rate: 20 }));
    expect(issues).toEqual([
      expect.objectContaining({ field: 'tax_amount', key: 'taxDiffers', blocksConfirm: false, params: { expected: 20, difference: -1 } }),
    ]);
  });

  it('flags invalid dates and an accrual end before its start', () => {
    const issues = validateValues(values({ due_date: '2026-02-30', accrual_start: '2026-05-01', accrual_end: '2026-04-01' }));
    expect(issues.map((i) => `${i.field}:${i.key}`)).toEqual(['due_date:dateInvalid', 'accrual_end:accrualOrder']);
  });

  it('refuses a cash discount date after the due date, and takes one on the due date', () => {
    expect(validateValues(values({ due_date: '2026-04-14', discount_due_date: '2026-04-20' }))).toEqual([
      expect.objectContaining({ field: 'discount_due_date', key: 'discountAfterDue', severity: 'error' }),
    ]);
    expect(validateValues(values({ due_date: '2026-04-14', discount_due_date: '2026-04-14' }))).toEqual([]);
  });
});
