import { findBic } from './bic';

describe('BIC', () => {
  it('is read after a BIC or SWIFT label', () => {
    expect(findBic('IBAN DE88200800000970375700\nBIC COBADEFFXXX')).toBe('COBADEFFXXX');
    expect(findBic('SWIFT-Code: GIBAATWW')).toBe('GIBAATWW');
  });

  it('is not guessed from unlabelled words', () => {
    expect(findBic('KUNDENNR ABCDEFGH')).toBeUndefined();
  });
});

describe('BIC next to another column', () => {
  it('does not take the start of the next column as branch code', () => {
    expect(findBic('Österreich BIC: BKAUATWW Tel. +43 1 234 56')).toBe('BKAUATWW');
    expect(findBic('BIC: COBA DE FF XXX')).toBe('COBADEFFXXX');
  });
});
