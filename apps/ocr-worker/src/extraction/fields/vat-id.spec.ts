import { findVatIds } from './vat-id';

describe('VAT ids', () => {
  it('finds Austrian and German ids in their formats, spaces removed', () => {
    expect(findVatIds('UID: ATU12345678 · USt-IdNr. DE 123 456 789').map((v) => v.id)).toEqual(['ATU12345678', 'DE123456789']);
  });

  it('marks the recipient id by its label', () => {
    expect(findVatIds('USt-ID: DE136695976\nIhre USt-ID: DE999999999')).toEqual([
      { id: 'DE136695976', recipient: false, index: 8 },
      { id: 'DE999999999', recipient: true, index: 33 },
    ]);
  });

  it('ignores an IBAN and too-short numbers', () => {
    expect(findVatIds('IBAN DE88200800000970375700 DE1234').map((v) => v.id)).toEqual([]);
  });
});

describe('VAT ids after register numbers', () => {
  it('are not swallowed by a register abbreviation that looks like a country code', () => {
    expect(findVatIds('HRB 999999 DE123456789 IBAN DE28700100809999999999').map((v) => v.id)).toEqual(['DE123456789']);
  });
});
