import { isoAmountCents } from './iso-amount';

// ISO 20022 camt.052/053/054, ActiveOrHistoricCurrencyAndAmount_SimpleType: xs:decimal, fractionDigits 5,
// totalDigits 18, minInclusive 0. The facets constrain the value (XML Schema part 2, 4.3.11, 4.3.12).
describe('an ISO 20022 amount (ActiveOrHistoricCurrencyAndAmount)', () => {
  describe('given the digits the schema allows', () => {
    it('books an amount of two decimals as its cents', () => {
      expect(isoAmountCents('1234.56')).toEqual({ cents: 123456 });
    });

    it('books an amount without a point, with one decimal, or written with a point alone as xs:decimal allows', () => {
      expect(isoAmountCents('100')).toEqual({ cents: 10000 });
      expect(isoAmountCents('100.5')).toEqual({ cents: 10050 });
      expect(isoAmountCents('100.')).toEqual({ cents: 10000 });
      expect(isoAmountCents('.75')).toEqual({ cents: 75 });
      expect(isoAmountCents('+12.30')).toEqual({ cents: 1230 });
    });

    it('books five decimals, the most the schema allows, to the nearest cent, a half cent away from zero', () => {
      expect(isoAmountCents('12.34000')).toEqual({ cents: 1234 });
      expect(isoAmountCents('12.34499')).toEqual({ cents: 1234 });
      expect(isoAmountCents('12.345')).toEqual({ cents: 1235 });
      expect(isoAmountCents('0.00500')).toEqual({ cents: 1 });
      expect(isoAmountCents('0.00499')).toEqual({ cents: 0 });
      expect(isoAmountCents('99.99999')).toEqual({ cents: 10000 });
    });

    it('books the largest amounts exactly on both sides of 13 whole digits, where plain numbers give way to exact integers', () => {
      expect(isoAmountCents('9999999999999.99499')).toEqual({ cents: 999999999999999 });
      expect(isoAmountCents('9999999999999.995')).toEqual({ cents: 1000000000000000 });
      expect(isoAmountCents('12345678901234.56')).toEqual({ cents: 1234567890123456 });
      expect(isoAmountCents('90071992547409.91')).toEqual({ cents: 9007199254740991 });
      expect(isoAmountCents('90071992547409.92')).toEqual({ refused: 'is larger than the ledger keeps' });
    });

    it('counts neither leading zeros nor trailing fraction zeros, as the facets constrain the value and not its spelling', () => {
      expect(isoAmountCents('100.0000000000000')).toEqual({ cents: 10000 });
      expect(isoAmountCents('0000000000000000000012.5')).toEqual({ cents: 1250 });
    });

    it('books eighteen digits when the ledger holds the value', () => {
      expect(isoAmountCents('1234567890123.12345')).toEqual({ cents: 123456789012312 });
    });

    it('books a zero written with a minus sign, which is the value 0 and so not below minInclusive', () => {
      expect(isoAmountCents('-0.00')).toEqual({ cents: 0 });
    });
  });

  describe('given a value outside the schema', () => {
    it('refuses more than five fraction digits, naming how many', () => {
      expect(isoAmountCents('100.0000000000005')).toEqual({ refused: 'has 13 fraction digits; an ISO 20022 amount has at most 5' });
      expect(isoAmountCents('1.123456')).toEqual({ refused: 'has 6 fraction digits; an ISO 20022 amount has at most 5' });
    });

    it('refuses more than eighteen digits in all, naming how many', () => {
      expect(isoAmountCents('12345678901234567890')).toEqual({ refused: 'has 20 digits; an ISO 20022 amount has at most 18' });
      expect(isoAmountCents('1234567890123456.123')).toEqual({ refused: 'has 19 digits; an ISO 20022 amount has at most 18' });
    });

    it('refuses a negative amount (the side is CdtDbtInd)', () => {
      expect(isoAmountCents('-5.00')).toEqual({ refused: 'is negative; an ISO 20022 amount is never below 0 (the side is CdtDbtInd)' });
    });

    it('refuses text that is no xs:decimal: a comma, an exponent, two points, a point alone, nothing', () => {
      for (const text of ['12,50', '1E3', '50..00', '.', '', 'EUR 5', '5 000']) expect(isoAmountCents(text)).toEqual({ refused: 'is not an amount' });
    });

    it('refuses an amount the schema allows but the ledger cannot hold in whole cents exactly', () => {
      expect(isoAmountCents('999999999999999999')).toEqual({ refused: 'is larger than the ledger keeps' });
    });
  });
});
