import { normalizeAccounts, normalizeAddressFields, normalizeVatId } from './address.rules';

describe('address fields as stored', () => {
  it('compare VAT IDs without spaces, dots or dashes, in upper case', () => {
    expect(normalizeVatId('atu 13.585-627')).toBe('ATU13585627');
  });

  it('trim text, upper-case the country, drop repeated IBANs and refuse invalid ones', () => {
    expect(
      normalizeAddressFields({ name: '  Alpenstrom   Energie AG ', country: 'at', street: ' ', ibans: ['AT61 1904 3002 3457 3201', 'AT611904300234573201'] }),
    ).toEqual({
      name: 'Alpenstrom Energie AG',
      country: 'AT',
      street: null,
      ibans: ['AT611904300234573201'],
    });
    expect(() => normalizeAddressFields({ ibans: ['AT61 1904 3002 3457 3202'] })).toThrow('IBAN invalid: AT611904300234573202');
    expect(() => normalizeAddressFields({ email: 'no-at-sign' })).toThrow('Invalid e-mail address.');
  });

  it('take only an assigned ISO country code, not any two letters', () => {
    expect(normalizeAddressFields({ country: 'ch' })).toEqual({ country: 'CH' });
    for (const country of ['XY', 'UK', 'EU']) expect(() => normalizeAddressFields({ country })).toThrow('country must be a two-letter ISO code.');
  });

  it('keep one entry per client with six-digit accounts, sorted by client, and drop entries without accounts', () => {
    expect(
      normalizeAccounts([
        { client_no: 1002, supplier_account: '330000', customer_account: null },
        { client_no: 1001, supplier_account: null, customer_account: null },
      ]),
    ).toEqual([{ client_no: 1002, supplier_account: '330000', customer_account: null }]);
    expect(() => normalizeAccounts([{ client_no: 1001, supplier_account: '33', customer_account: null }])).toThrow('Six digits required');
    expect(() =>
      normalizeAccounts([
        { client_no: 1001, supplier_account: '330000', customer_account: null },
        { client_no: 1001, supplier_account: '330001', customer_account: null },
      ]),
    ).toThrow('Client 1001 is listed twice.');
  });
});
