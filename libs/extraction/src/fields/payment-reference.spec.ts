import { findPaymentReference } from './payment-reference';

describe('payment reference', () => {
  it('is read after German and English labels', () => {
    expect(findPaymentReference(['Verwendungszweck: RE-2024-0815 / Kd 4711'])).toBe('RE-2024-0815 / Kd 4711');
    expect(findPaymentReference(['Zahlungsreferenz:', '12345 67890'])).toBe('12345 67890');
    expect(findPaymentReference(['Payment reference: INV-42   Page 1/1'])).toBe('INV-42');
  });

  it('is absent when no label is printed', () => {
    expect(findPaymentReference(['Bitte überweisen Sie bis zum 30.05.2017.'])).toBeUndefined();
  });
});

describe('payment reference by instruction', () => {
  it('is the invoice number when the text asks to quote it', () => {
    expect(findPaymentReference(['Bitte geben Sie dabei die', 'Rechnungsnummer an.'], '2014-03')).toBe('2014-03');
    expect(findPaymentReference(['Please quote the invoice number with your payment.'], 'INV-1')).toBe('INV-1');
    expect(findPaymentReference(['Rechnungsnummer: 2014-03'], '2014-03')).toBeUndefined();
  });
});

describe('payment reference in OCR text', () => {
  it('drops lone punctuation and a lone lower-case letter OCR added after the value', () => {
    expect(findPaymentReference(['| Verwendungszweck: AR-2026-0015 a'])).toBe('AR-2026-0015');
    expect(findPaymentReference(['Verwendungszweck: Kd.-Nr. 219269 / RE 2025/0403 ;'])).toBe('Kd.-Nr. 219269 / RE 2025/0403');
  });
});
