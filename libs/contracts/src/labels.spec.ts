import { readLabelValue } from './labels';

describe('readLabelValue for the IBAN field', () => {
  it('reads an IBAN written in groups, with dots or dashes, as its electronic form', () => {
    expect(readLabelValue('iban', 'IBAN: AT61 1904 3002 3457 3201')).toBe('AT611904300234573201');
    expect(readLabelValue('iban', 'de89-3704-0044-0532-0130-00')).toBe('DE89370400440532013000');
  });

  it('refuses an IBAN whose check digits or country length are wrong', () => {
    expect(readLabelValue('iban', 'AT62 1904 3002 3457 3201')).toBeNull();
    expect(readLabelValue('iban', 'AT61 1904 3002 3457 320')).toBeNull();
  });
});
