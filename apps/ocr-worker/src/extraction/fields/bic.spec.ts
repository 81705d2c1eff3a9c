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
