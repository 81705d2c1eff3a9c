import { Prng } from './prng';
import { austrianVatCheckDigit, germanVatCheckDigit, isValidVatId, makeVatId } from './vat-ids';

describe('VAT ids', () => {
  it('accepts published valid Austrian UIDs and German USt-IdNr.', () => {
    for (const id of ['ATU33864707', 'ATU16370905', 'ATU57194903', 'DE136695976', 'DE811569869', 'DE129273398']) expect(isValidVatId(id)).toBe(true);
  });

  it('rejects ids with a wrong check digit or format', () => {
    for (const id of ['ATU33864708', 'DE136695977', 'ATU1234567', 'DE012345678', 'AT12345678']) expect(isValidVatId(id)).toBe(false);
  });

  it('computes the check digits from the leading digits', () => {
    expect(austrianVatCheckDigit('3386470')).toBe(7);
    expect(germanVatCheckDigit('13669597')).toBe(6);
  });

  it('generates only valid ids in the national format', () => {
    const prng = new Prng(3);
    for (let i = 0; i < 500; i++) {
      const at = makeVatId('AT', prng);
      const de = makeVatId('DE', prng);
      expect(at).toMatch(/^ATU\d{8}$/);
      expect(de).toMatch(/^DE[1-9]\d{8}$/);
      expect(isValidVatId(at)).toBe(true);
      expect(isValidVatId(de)).toBe(true);
    }
  });
});
