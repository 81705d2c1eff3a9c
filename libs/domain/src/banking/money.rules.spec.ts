import { centsText, checkCents, checkDate, toCents } from './money.rules';

describe('money', () => {
  it('reads a decimal amount as whole cents without floating point', () => {
    expect(toCents('1234.5')).toBe(123_450);
    expect(toCents('-0,07', ',')).toBe(-7);
    expect(toCents(' 12.345 ')).toBe(1_234);
    expect(toCents('1.234,56', ',')).toBeNull();
    expect(toCents('abc')).toBeNull();
  });

  it('writes cents with two places for messages', () => {
    expect(centsText(-1_230)).toBe('-12.30');
    expect(centsText(5)).toBe('0.05');
  });

  it('refuses a date that is not YYYY-MM-DD and an amount that is not whole cents', () => {
    expect(checkDate('2026-03-31', 'booking date')).toBe('2026-03-31');
    expect(() => checkDate('31.03.2026', 'booking date')).toThrow('booking date must be a date (YYYY-MM-DD).');
    expect(() => checkCents(1.5, 'opening balance')).toThrow('opening balance must be a whole number of cents.');
  });
});
