import type { DemoInvoice } from '@portal/demo-data';
import { ownInvoices } from '../../test/own-einvoices';
import { findEInvoiceAttachment } from './find-attachment';
import { detectEInvoiceSyntax, parseEInvoice } from './parse-einvoice';
import { renderEInvoiceText } from './render-text';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
let invoice: DemoInvoice;
let UBL: string;
let CII: string;

beforeAll(async () => {
  const invoices = await ownInvoices(6);
  invoice = invoices.find((i) => i.expected.tax_breakdown!.length > 1) ?? invoices[0]!;
  ({ ubl: UBL, cii: CII } = invoice.xml);
});

describe('e-invoice helpers', () => {
  it('reads a UBL CreditNote like an invoice, with negative totals', () => {
    const creditNote = UBL.replace(/ubl:Invoice/g, 'ubl:CreditNote')
      .replace(/Invoice-2"/, 'CreditNote-2"')
      .replace(/cbc:InvoiceTypeCode>380/g, 'cbc:CreditNoteTypeCode>381')
      .replace(/cbc:InvoiceTypeCode/g, 'cbc:CreditNoteTypeCode')
      .replace(/cac:InvoiceLine/g, 'cac:CreditNoteLine')
      .replace(/cbc:InvoicedQuantity/g, 'cbc:CreditedQuantity');
    const { fields, syntax } = parseEInvoice(creditNote);
    expect(syntax).toBe('UBL');
    expect(fields).toMatchObject({
      document_kind: 'credit_note',
      invoice_number: invoice.expected.invoice_number,
      gross_amount: -invoice.expected.gross_amount!,
      net_amount: -invoice.expected.net_amount!,
    });
    expect(fields.tax_breakdown!.every((b) => b.net < 0 && b.tax < 0)).toBe(true);
    expect(fields.line_items?.map((l) => l.quantity)).toEqual(invoice.expected.line_items!.map((l) => l.quantity));
  });

  it('calls a CII 381 a credit note, a 384 a correction, and a negative invoice a correction', () => {
    expect(parseEInvoice(CII).fields.document_kind).toBe('invoice');
    const credit = parseEInvoice(CII.replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>381</ram:TypeCode>')).fields;
    expect(credit).toMatchObject({ document_kind: 'credit_note', gross_amount: -invoice.expected.gross_amount! });
    expect(parseEInvoice(CII.replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>384</ram:TypeCode>')).fields).toMatchObject({
      document_kind: 'correction',
      gross_amount: invoice.expected.gross_amount,
    });
    const negative = CII.replace(/<ram:GrandTotalAmount>/, '<ram:GrandTotalAmount>-');
    expect(parseEInvoice(negative).fields.document_kind).toBe('correction');
  });

  it('takes the payee account from the first payment means, whether it holds an IBANID or a ProprietaryID', () => {
    const means = CII.match(/<ram:SpecifiedTradeSettlementPaymentMeans>[\s\S]*?<\/ram:SpecifiedTradeSettlementPaymentMeans>/)![0];
    const other = means.replace(invoice.expected.iban!, 'DE02120300000000202051');
    expect(parseEInvoice(CII.replace(means, `${means}\n${other}`)).fields.iban).toBe(invoice.expected.iban);
    expect(parseEInvoice(CII.replace(means, `${other}\n${means}`)).fields.iban).toBe('DE02120300000000202051');
    const proprietary = other.replace('<ram:IBANID>', '<ram:ProprietaryID>').replace('</ram:IBANID>', '</ram:ProprietaryID>');
    expect(parseEInvoice(CII.replace(means, `${proprietary}\n${means}`)).fields.iban).toBe('DE02120300000000202051');
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
    const seller = fields.biller!;
    const de = renderEInvoiceText(fields, 'de');
    expect(de).toContain(
      `Verkäufer:\n  ${seller.name}\n  ${seller.street}\n  ${seller.postcode} ${seller.city}, ${seller.country}\n  USt-IdNr.: ${seller.vat_id}`,
    );
    const gross = fields.gross_amount!;
    expect(de).toContain(`Gesamtbetrag: ${gross.toLocaleString('de-DE', { minimumFractionDigits: 2 })} EUR`);
    for (const line of fields.tax_breakdown!)
      expect(de).toContain(`${line.rate} % (S) auf ${line.net.toLocaleString('de-DE', { minimumFractionDigits: 2 })} EUR`);
    expect(de).toContain(`${fields.line_items![0]!.description}: `);
    expect(renderEInvoiceText(fields, 'en')).toContain(`Total amount: ${gross.toLocaleString('en-GB', { minimumFractionDigits: 2 })} EUR`);
  });
});
