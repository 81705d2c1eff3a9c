import { formatIban, ibanCheckDigits, makeIban } from './iban';
import { BANKS } from './parties';
import { Prng } from './prng';

// ibantools ships ESM type declarations; a dynamic import keeps this CommonJS spec type-correct under node16.
let isValidIBAN: (iban: string) => boolean;
let isValidBIC: (bic: string) => boolean;
beforeAll(async () => {
  ({ isValidIBAN, isValidBIC } = await import('ibantools'));
});

describe('IBAN', () => {
  it('computes the check digits of the well-known example DE89 3704 0044 0532 0130 00', () => {
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
    expect(makeIban({ name: 'Commerzbank', country: 'DE', code: '37040044', bic: 'COBADEFFXXX' }, '532013000')).toBe('DE89370400440532013000');
  });

  it('computes the check digits of an Austrian example AT61 1904 3002 3457 3201', () => {
    expect(makeIban({ name: 'x', country: 'AT', code: '19043', bic: 'x' }, '234573201')).toBe('AT611904300234573201');
  });

  it('makes IBANs that ibantools accepts for every bank and many accounts', () => {
    const prng = new Prng(99);
    for (const bank of Object.values(BANKS)) {
      for (let i = 0; i < 50; i++) {
        const iban = makeIban(bank, `${prng.int(1, 9)}${prng.digits(bank.country === 'AT' ? 10 : 9)}`);
        expect(isValidIBAN(iban)).toBe(true);
        expect(iban).toHaveLength(bank.country === 'AT' ? 20 : 22);
      }
      expect(isValidBIC(bank.bic)).toBe(true);
    }
  });

  it('prints IBANs in groups of four', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
