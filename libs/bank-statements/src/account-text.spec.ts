import { accountTextMatches, ibanInAccountText } from './account-text';

describe('accounts as statements name them', () => {
  it('finds the IBAN in the text, also behind a BIC or before a currency', () => {
    expect(ibanInAccountText('RZBAATWW/AT483200000012345864')).toBe('AT483200000012345864');
    expect(ibanInAccountText('NL10BUNQ2290325473 EUR')).toBe('NL10BUNQ2290325473');
    expect(ibanInAccountText('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(ibanInAccountText('37040044/532013000')).toBeNull();
  });

  it('finds an IBAN in its print format (groups of four) after the name of the account', () => {
    expect(ibanInAccountText('Girokonto DE02 1203 0000 0000 2020 51')).toBe('DE02120300000000202051');
    expect(ibanInAccountText('Mein Konto AT61 1904 3002 3457 3201 (EUR)')).toBe('AT611904300234573201');
    expect(ibanInAccountText('CH1111111111111111111')).toBeNull();
  });

  it('compares a German or Austrian bank code and account number with an IBAN', () => {
    expect(accountTextMatches('37040044/532013000', 'DE89370400440532013000')).toBe('same');
    expect(accountTextMatches('37040044/0532013000', 'DE89370400440532013000')).toBe('same');
    expect(accountTextMatches('37040044/532013001', 'DE89370400440532013000')).toBe('other');
    expect(accountTextMatches('19043/00234573201', 'AT611904300234573201')).toBe('same');
    expect(accountTextMatches('87052000/123456789', 'AT611904300234573201')).toBe('other');
  });

  it('cannot tell for a bare number, a name or an account of another country', () => {
    expect(accountTextMatches('0001234567', 'NL91ABNA0417164300')).toBe('unknown');
    expect(accountTextMatches('TRIODOSBANK/0666666666', 'DE89370400440532013000')).toBe('unknown');
    expect(accountTextMatches('37040044/532013000', 'NL91ABNA0417164300')).toBe('unknown');
  });
});
