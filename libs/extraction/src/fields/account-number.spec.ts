import { ibanFromAccount } from './account-number';

describe('an IBAN from a printed account number and bank code', () => {
  it('is composed for German and Austrian accounts, on one line or two', () => {
    expect(ibanFromAccount(['Konto-Nr. 4487251252 · BLZ 595 653 87'])).toBe('DE75595653874487251252');
    expect(ibanFromAccount(['Bankverbindung: Sparkasse', 'Kto. 532013000', 'BLZ 37040044'])).toBe('DE89370400440532013000');
  });

  it('is not composed from a bank code of unknown length or an account that is too long', () => {
    expect(ibanFromAccount(['Konto 123456 BLZ 1234567'])).toBeUndefined();
    expect(ibanFromAccount(['Konto 123456789012 BLZ 37040044'])).toBeUndefined();
  });
});
