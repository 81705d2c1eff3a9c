import { documentIdOf, invoicePath, invoiceType, tabOf, typeOf } from './invoice-route';

describe('invoice route parameters', () => {
  it('defaults the document type to er_u and reads it case-insensitively', () => {
    expect(invoiceType(undefined)).toBe('er_u');
    expect(invoiceType('AR_U')).toBe('ar_u');
    expect(invoiceType('nonsense')).toBe('er_u');
    expect(tabOf('er_u')).toBe('ER_U');
    expect(typeOf('Other')).toBe('other');
  });

  it('reads a missing or malformed document id as 0', () => {
    expect(documentIdOf(undefined)).toBe(0);
    expect(documentIdOf('abc')).toBe(0);
    expect(documentIdOf('139894419413544')).toBe(139894419413544);
  });

  it('builds the path without an id for the first of the list', () => {
    expect(invoicePath(1001, 'er', 0)).toBe('/invoices/1001/er');
    expect(invoicePath(1001, 'er_u', 7)).toBe('/invoices/1001/er_u/7');
  });
});
