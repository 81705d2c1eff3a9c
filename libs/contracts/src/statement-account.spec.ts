import { statementAccountMatches } from './statement-account';

describe('whether the account a statement file names is the chosen account', () => {
  it('compares an IBAN as a whole, whatever its spacing and case', () => {
    expect(
      statementAccountMatches({ iban: 'DE89370400440532013000', text: 'COBADEFFXXX/DE89370400440532013000', statements: 1 }, 'de89 3704 0044 0532 0130 00'),
    ).toBe('same');
    expect(statementAccountMatches({ iban: 'DE89370400440532013000', text: null, statements: 1 }, 'AT611904300234573201')).toBe('other');
  });

  it('compares bank code and account number with the IBAN of a German or Austrian account, and cannot tell for other texts', () => {
    expect(statementAccountMatches({ iban: null, text: '37040044/532013000', statements: 1 }, 'DE89370400440532013000')).toBe('same');
    expect(statementAccountMatches({ iban: null, text: '37040044/532013001', statements: 1 }, 'DE89370400440532013000')).toBe('other');
    expect(statementAccountMatches({ iban: null, text: '0001234567', statements: 1 }, 'DE89370400440532013000')).toBe('unknown');
    expect(statementAccountMatches({ iban: null, text: null, statements: 2 }, 'DE89370400440532013000')).toBe('unknown');
  });
});
