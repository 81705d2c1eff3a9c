import { findInvoiceNumber } from './invoice-number';

describe('invoice number', () => {
  it('is read after German labels', () => {
    expect(findInvoiceNumber(['Rechnungsnummer: 2024-0815'])).toBe('2024-0815');
    expect(findInvoiceNumber(['Rechnung Nr. 4711'])).toBe('4711');
    expect(findInvoiceNumber(['Rechnung # RE-20170509/505 von 09.05.2017'])).toBe('RE-20170509/505');
    expect(findInvoiceNumber(['Re.-Nr.: A-77/2024.'])).toBe('A-77/2024');
  });

  it('is read after English labels and from the next line under a header', () => {
    expect(findInvoiceNumber(['Invoice No. INV-0042'])).toBe('INV-0042');
    expect(findInvoiceNumber(['Invoice number:', '10023'])).toBe('10023');
  });

  it('needs a digit so that words after a label are not taken', () => {
    expect(findInvoiceNumber(['Rechnungsnummer bitte angeben'])).toBeUndefined();
  });
});

describe('invoice number in a rendered e-invoice', () => {
  it('is read after "Handelsrechnung (380) Nr."', () => {
    expect(findInvoiceNumber(['Handelsrechnung (380) Nr. 471102 vom 15.11.2024'])).toBe('471102');
  });
});
