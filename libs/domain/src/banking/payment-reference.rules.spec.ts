import { referenceKey } from './payment-reference.rules';

describe('a payment reference compared by its key', () => {
  it('given spaces, dashes, dots, slashes or another case, when compared, then it is the same reference', () => {
    expect(referenceKey('AR-2026/0042')).toBe(referenceKey('ar 2026 0042'));
    expect(referenceKey('AR.2026.0042')).toBe('AR20260042');
  });

  it('given a leading word for invoice or number before the number, when compared, then the word is left out', () => {
    for (const text of [
      'RE 2026-0042',
      'Rechnung 2026-0042',
      'Rechnung Nr. 2026-0042',
      'Rechnungsnummer: 2026/0042',
      'Inv. 2026-0042',
      'Invoice No 2026-0042',
      'RG-Nr. 20260042',
      'Nr. 2026-0042',
    ]) {
      expect([text, referenceKey(text)]).toEqual([text, '20260042']);
    }
  });

  it('given zeros the number was padded with, when compared, then they are left out (also after letters that stay)', () => {
    expect(referenceKey('Inv. 00042')).toBe(referenceKey('Rechnung 42'));
    expect(referenceKey('AR-0042')).toBe(referenceKey('AR 42'));
    expect(referenceKey('0')).toBe('0');
  });

  it('given a word that only starts like a prefix, or no number after it, when compared, then it stays whole', () => {
    expect(referenceKey('REWE 123')).toBe('REWE123');
    expect(referenceKey('Investment 7')).toBe('INVESTMENT7');
    expect(referenceKey('Rechnung')).toBe('RECHNUNG');
  });

  it('given a structured creditor reference or nothing, when compared, then every character is kept', () => {
    expect(referenceKey('RF18 5390 0754 7034')).toBe('RF18539007547034');
    expect(referenceKey(null)).toBe('');
    expect(referenceKey('  ')).toBe('');
  });
});
