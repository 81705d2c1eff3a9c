import { epcPayload, type CreditTransfer } from './epc-payload';
import { creditorReference, validIban } from './payment-identifiers';

const invoice: CreditTransfer = {
  name: 'Gletscherblick Bergbahnen GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  amount: 1250.5,
  currency: 'EUR',
  reference: 'RE-2026-0815',
};
const refusal = (transfer: CreditTransfer) => {
  try {
    epcPayload(transfer);
  } catch (error) {
    return error as { name: string; code: number; message: string };
  }
  throw new Error('expected a refusal');
};

describe('EPC069-12 payload', () => {
  it('writes the eleven elements of version 002 with UTF-8, SCT, BIC, name, IBAN, amount and an unstructured remittance', () => {
    expect(epcPayload(invoice).split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Gletscherblick Bergbahnen GmbH',
      'DE89370400440532013000',
      'EUR1250.50',
      '',
      '',
      'RE-2026-0815',
    ]);
  });

  it('puts a valid RF creditor reference in the structured field and leaves the remittance text off', () => {
    expect(epcPayload({ ...invoice, reference: 'RF18 5390 0754 7034' })).toBe(
      'BCD\n002\n1\nSCT\nCOBADEFFXXX\nGletscherblick Bergbahnen GmbH\nDE89370400440532013000\nEUR1250.50\n\nRF18539007547034',
    );
  });

  it('leaves the BIC empty when there is none or it is malformed, as version 002 allows', () => {
    expect(
      epcPayload({ ...invoice, bic: null, iban: 'AT611904300234573201', amount: 0.01 })
        .split('\n')
        .slice(4, 8),
    ).toEqual(['', 'Gletscherblick Bergbahnen GmbH', 'AT611904300234573201', 'EUR0.01']);
    expect(epcPayload({ ...invoice, bic: 'NOT A BIC' }).split('\n')[4]).toBe('');
  });

  it('ends with the amount when there is no reference at all', () => {
    expect(epcPayload({ ...invoice, reference: null })).toBe(
      'BCD\n002\n1\nSCT\nCOBADEFFXXX\nGletscherblick Bergbahnen GmbH\nDE89370400440532013000\nEUR1250.50',
    );
  });

  it('cuts the name to 70 and the remittance to 140 characters', () => {
    const lines = epcPayload({ ...invoice, name: 'N'.repeat(90), reference: 'R'.repeat(200) }).split('\n');
    expect(lines[5]).toHaveLength(70);
    expect(lines[10]).toHaveLength(140);
  });

  it('writes the largest and smallest payable amounts with two decimals', () => {
    expect(epcPayload({ ...invoice, amount: 999999999.99 }).split('\n')[7]).toBe('EUR999999999.99');
    expect(epcPayload({ ...invoice, amount: 12 }).split('\n')[7]).toBe('EUR12.00');
  });

  it('refuses a missing or invalid IBAN with Unprocessable', () => {
    expect(refusal({ ...invoice, iban: null })).toMatchObject({ name: 'Unprocessable', code: 422, message: 'The invoice has no IBAN for a payment QR code.' });
    expect(refusal({ ...invoice, iban: 'DE89370400440532013001' })).toMatchObject({ code: 422, message: 'The IBAN DE89370400440532013001 is invalid.' });
  });

  it('refuses a missing, zero, negative, too large or sub-cent amount and a currency other than euro', () => {
    expect(refusal({ ...invoice, amount: null })).toMatchObject({ code: 422, message: 'The invoice has no gross amount for a payment QR code.' });
    for (const amount of [0, -5, 1_000_000_000, 10.005]) expect(refusal({ ...invoice, amount })).toMatchObject({ code: 422 });
    expect(refusal({ ...invoice, currency: 'CHF' })).toMatchObject({ code: 422, message: 'An EPC QR code carries euro amounts only; this invoice is in CHF.' });
  });

  it('refuses an invoice without a beneficiary name', () => {
    expect(refusal({ ...invoice, name: '  ' })).toMatchObject({ code: 422, message: 'The invoice names no beneficiary (biller) for a payment QR code.' });
  });
});

describe('MOD 97-10 checks', () => {
  it('accepts valid IBANs in print or electronic form and rejects wrong check digits', () => {
    expect(validIban('at61 1904 3002 3457 3201')).toBe('AT611904300234573201');
    expect(validIban('GB82WEST12345698765432')).toBe('GB82WEST12345698765432');
    expect(validIban('GB82WEST12345698765433')).toBeNull();
    expect(validIban('DE89')).toBeNull();
  });

  it('recognises RF creditor references and rejects other texts', () => {
    expect(creditorReference('RF18539007547034')).toBe('RF18539007547034');
    expect(creditorReference('RF19539007547034')).toBeNull();
    expect(creditorReference('RE-2026-0815')).toBeNull();
  });
});
