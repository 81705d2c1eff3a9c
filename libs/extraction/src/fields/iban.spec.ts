import { findIbans, wrappedIban } from './iban';

describe('IBAN', () => {
  it('finds a printed IBAN with spaces and validates its checksum', () => {
    expect(findIbans('IBAN: DE88 2008 0000 0970 3757 00 BIC: COBADEFFXXX')).toEqual(['DE88200800000970375700']);
    expect(findIbans('IBAN AT61 1904 3002 3457 3201')).toEqual(['AT611904300234573201']);
  });

  it('rejects an IBAN with a wrong check digit', () => {
    expect(findIbans('IBAN DE89 2008 0000 0970 3757 00')).toEqual([]);
  });

  it('repairs OCR letter-for-digit confusions', () => {
    expect(findIbans('IBAN DE88 2OO8 0000 O970 3757 00')).toEqual(['DE88200800000970375700']);
  });
});

describe('IBAN next to other ids', () => {
  it('is found when a VAT id stands on the line before', () => {
    expect(findIbans('USt-ID: DE136695976\nIBAN DE88200800000970375700\nBIC COBADEFFXXX')).toEqual(['DE88200800000970375700']);
  });
});

describe('IBAN wrapped or separated', () => {
  it('is read when a narrow column wraps it onto the next line, or dashes separate its groups', () => {
    expect(wrappedIban(['Bankverbindung', 'IBAN: DE89 3704 0044', '      0532 0130 00'])).toBe('DE89370400440532013000');
    expect(wrappedIban(['IBAN DE89-3704-0044-0532-0130-00'])).toBe('DE89370400440532013000');
    expect(wrappedIban(['IBAN: DE89 3704 0044', 'BIC COBADEFFXXX'])).toBeUndefined();
  });
});
