import { readFileSync } from 'node:fs';
import { findEInvoiceAttachment } from './find-attachment';
import { detectEInvoiceSyntax, parseEInvoice } from './parse-einvoice';
import { renderEInvoiceText } from './render-text';

const UBL = readFileSync('/work/shared/fixtures/e-invoices/xrechnung/01.01a-INVOICE_ubl.xml', 'utf8');
const CII = readFileSync('/work/shared/fixtures/e-invoices/xrechnung/01.01a-INVOICE_uncefact.xml', 'utf8');
const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('e-invoice helpers', () => {
  it('reads a UBL CreditNote like an invoice', () => {
    const creditNote = UBL.replace(/ubl:Invoice/g, 'ubl:CreditNote')
      .replace(/Invoice-2"/, 'CreditNote-2"')
      .replace(/cac:InvoiceLine/g, 'cac:CreditNoteLine')
      .replace(/cbc:InvoicedQuantity/g, 'cbc:CreditedQuantity');
    const { fields, syntax } = parseEInvoice(creditNote);
    expect(syntax).toBe('UBL');
    expect(fields).toMatchObject({ invoice_number: '123456XX', gross_amount: 336.9 });
    expect(fields.line_items?.map((l) => l.quantity)).toEqual([1, 1]);
  });

  it('tells the syntax by the root element, whatever the namespace prefix', () => {
    expect(detectEInvoiceSyntax(UBL)).toBe('UBL');
    expect(detectEInvoiceSyntax(CII.replace(/rsm:/g, 'x:'))).toBe('CII');
    expect(detectEInvoiceSyntax('<Order/>')).toBeUndefined();
  });

  it('refuses XML with entity declarations', () => {
    expect(() => parseEInvoice('<!DOCTYPE x [<!ENTITY a "aaaa">]><Invoice>&a;</Invoice>')).toThrow(/entities/);
  });

  it('chooses the invoice XML among attachments by name, then by content', () => {
    const found = findEInvoiceAttachment([
      { filename: 'terms.pdf', content: bytes('%PDF-1.4') },
      { filename: 'data.xml', content: bytes('<Order/>') },
      { filename: 'invoice-data.xml', content: bytes(CII) },
      { filename: 'factur-x.xml', content: bytes(CII) },
    ]);
    expect(found?.filename).toBe('factur-x.xml');
    expect(findEInvoiceAttachment([{ filename: 'x.bin', content: bytes(UBL) }])?.filename).toBe('x.bin');
    expect(findEInvoiceAttachment([{ filename: 'data.xml', content: bytes('<Order/>') }])).toBeUndefined();
  });

  it('renders seller, buyer, lines, taxes and totals as readable text in German and English', () => {
    const { fields } = parseEInvoice(CII);
    const de = renderEInvoiceText(fields, 'de');
    expect(de).toContain('Verkäufer:\n  [Seller name]\n  [Seller address line 1]\n  12345 [Seller city], DE\n  USt-IdNr.: DE123456789');
    expect(de).toContain('Zeitschrift [...]: 1 XPP × 288,79 EUR = 288,79 EUR (7 %)');
    expect(de).toContain('7 % (S) auf 314,86 EUR: 22,04 EUR');
    expect(de).toContain('Gesamtbetrag: 336,90 EUR');
    expect(renderEInvoiceText(fields, 'en')).toContain('Total amount: 336.90 EUR');
  });
});
