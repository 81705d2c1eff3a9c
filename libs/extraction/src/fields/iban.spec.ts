import { findIbans } from './iban';

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
