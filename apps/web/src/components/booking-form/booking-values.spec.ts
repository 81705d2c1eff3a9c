import { displayValue, FIELD_DEFS, formatValue, parseNumber, parseValue } from './booking-values';

describe('booking field values', () => {
  it('reads numbers with a decimal comma or point and thousands separators', () => {
    expect(parseNumber('1.234,56')).toBe(1234.56);
    expect(parseNumber('1,234.56')).toBe(1234.56);
    expect(parseNumber('20')).toBe(20);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('12a')).toBeUndefined();
  });

  it('shows amounts with two decimals and a decimal comma in German', () => {
    expect(formatValue(329.7, 'amount', 'de')).toBe('329,70');
    expect(formatValue(329.7, 'amount', 'en')).toBe('329.70');
    expect(formatValue(null, 'text', 'en')).toBe('');
  });

  it('refuses an empty title and a non-number amount, and normalises an IBAN', () => {
    expect(parseValue(' ', FIELD_DEFS.get('title')!)).toEqual({ ok: false, error: 'required' });
    expect(parseValue('x', FIELD_DEFS.get('net_amount')!)).toEqual({ ok: false, error: 'number' });
    expect(parseValue('at19 3400 0867 8936 6997', FIELD_DEFS.get('iban')!)).toEqual({ ok: true, value: 'AT193400086789366997' });
    expect(parseValue('', FIELD_DEFS.get('subject')!)).toEqual({ ok: true, value: null });
  });

  it('shows a value in a text as the reader writes it: no ISO date, no bare number, no choice code', () => {
    const t = (key: string) => `«${key}»`;
    expect(displayValue('2026-07-23', FIELD_DEFS.get('due_date')!, 'de', t)).toBe('23.07.2026');
    expect(displayValue('2026-07-23', FIELD_DEFS.get('due_date')!, 'en', t)).toBe('07/23/2026');
    expect(displayValue(8585.93, FIELD_DEFS.get('gross_amount')!, 'de', t)).toBe('8.585,93');
    expect(displayValue(8585.93, FIELD_DEFS.get('gross_amount')!, 'en', t)).toBe('8,585.93');
    expect(displayValue(2.5, FIELD_DEFS.get('discount_percent')!, 'de', t)).toBe('2,5 %');
    expect(displayValue('transfer', FIELD_DEFS.get('payment_method')!, 'de', t)).toBe('«invoices.paymentMethods.transfer»');
    expect(displayValue('ACME GmbH', FIELD_DEFS.get('biller')!, 'de', t)).toBe('ACME GmbH');
    expect(displayValue(null, FIELD_DEFS.get('due_date')!, 'de', t)).toBe('');
  });
});
