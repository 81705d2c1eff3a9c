import { EMPTY_BOOKING_FIELDS, extractionOrigins, mergeExtracted } from './booking-fields.rules';

describe('booking fields from an extraction', () => {
  it('fill only the fields nobody has set, and name those', () => {
    const current = { ...EMPTY_BOOKING_FIELDS, invoice_number: 'typed by a reviewer' };
    const { fields, filled } = mergeExtracted(current, { invoice_number: 'RE-1', gross_amount: 120, tax_rates: [20, 10] });
    expect(fields).toMatchObject({ invoice_number: 'typed by a reviewer', gross_amount: 120, tax_rate: null });
    expect(filled).toEqual(['gross_amount']);
  });

  it('take each filled field the origin of the extracted field it came from, else the fallback', () => {
    expect(extractionOrigins({ gross_amount: 2, tax_rates: 3 }, ['gross_amount', 'tax_rate', 'iban'], 1)).toEqual({ gross_amount: 2, tax_rate: 3, iban: 1 });
  });
});
