import { EMPTY_BOOKING_FIELDS } from './booking-fields.rules';
import { validateBookingFields } from './booking-validation.rules';

const fields = (values: object) => ({ ...EMPTY_BOOKING_FIELDS, ...values });

describe('validation of document fields', () => {
  it('finds nothing on consistent fields', () => {
    expect(
      validateBookingFields(
        fields({ net_amount: 100, tax_amount: 20, gross_amount: 120, tax_rate: 20, iban: 'AT611904300234573201', supplier_account: '700010' }),
      ),
    ).toEqual([]);
  });

  it('reports "Sum incorrect" with the sum and the difference as a warning that blocks confirming', () => {
    expect(validateBookingFields(fields({ net_amount: 100, tax_amount: 19, gross_amount: 120 }))).toEqual([
      {
        field: 'gross_amount',
        key: 'sumIncorrect',
        message: 'Sum incorrect (sum 119.00, difference 1.00)',
        severity: 'warning',
        blocksConfirm: true,
        params: { sum: 119, difference: 1 },
      },
    ]);
  });

  it('tolerates a rounding difference below one cent', () => {
    expect(validateBookingFields(fields({ net_amount: 33.33, tax_amount: 6.67, gross_amount: 40 }))).toEqual([]);
  });

  it('flags a tax amount differing from net times rate, without blocking', () => {
    expect(validateBookingFields(fields({ net_amount: 100, tax_amount: 19, gross_amount: 119, tax_rate: 20 }))).toEqual([
      {
        field: 'tax_amount',
        key: 'taxDiffers',
        message: 'Tax amount differs from the calculated value (expected 20.00, difference -1.00)',
        severity: 'warning',
        blocksConfirm: false,
        params: { expected: 20, difference: -1 },
      },
    ]);
  });

  it('reports "IBAN invalid" and "Six digits required" as errors', () => {
    const issues = validateBookingFields(fields({ iban: 'DE00370400440532013000', expense_account: '4711' }));
    expect(issues.map((i) => [i.field, i.message, i.severity])).toEqual([
      ['iban', 'IBAN invalid', 'error'],
      ['expense_account', 'Six digits required', 'error'],
    ]);
  });
});
