import { ciiInvoice, DEFAULT_INVOICE, ublInvoice } from '@portal/einvoice-validation/testing/invoices';
import { parseEInvoice } from './parse-einvoice';

const PDF_BASE64 = Buffer.from('%PDF-1.4 timesheet').toString('base64');

/** The default test invoice with the terms a readable view must show besides the amounts. */
const ublWithTerms = () =>
  ublInvoice({ ...DEFAULT_INVOICE, deliveryCountry: 'FR' })
    .replace('<cbc:BuyerReference>', '<cbc:Note>Lieferung gemäß Rahmenvertrag.</cbc:Note>\n  <cbc:BuyerReference>')
    .replace(
      /(<\/cbc:BuyerReference>)/,
      `$1
  <cac:OrderReference><cbc:ID>PO-4711</cbc:ID></cac:OrderReference>
  <cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>RE-2026-0001</cbc:ID><cbc:IssueDate>2026-01-31</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>
  <cac:ContractDocumentReference><cbc:ID>V-12</cbc:ID></cac:ContractDocumentReference>
  <cac:AdditionalDocumentReference><cbc:ID>OBJ-1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>
  <cac:AdditionalDocumentReference><cbc:ID>TS-03</cbc:ID><cbc:DocumentDescription>Stundenzettel März</cbc:DocumentDescription><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="stunden.pdf">${PDF_BASE64}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>
  <cac:AdditionalDocumentReference><cbc:ID>LINK-1</cbc:ID><cac:Attachment><cac:ExternalReference><cbc:URI>https://example.org/spec.pdf</cbc:URI></cac:ExternalReference></cac:Attachment></cac:AdditionalDocumentReference>`,
    )
    .replace(
      '<cac:TaxTotal>',
      `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>Rabatt</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">10.00</cbc:Amount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:AllowanceCharge>
  <cac:TaxTotal>`,
    );

describe('the business terms of an e-invoice beyond the booking fields', () => {
  it('reads notes, references, delivery, payment, allowances, totals and attachments from UBL', () => {
    const { terms } = parseEInvoice(ublWithTerms());
    expect(terms.notes).toEqual(['Lieferung gemäß Rahmenvertrag.']);
    expect(terms.references).toEqual(
      expect.arrayContaining([
        { kind: 'buyer', value: expect.any(String) },
        { kind: 'order', value: 'PO-4711' },
        { kind: 'contract', value: 'V-12' },
        { kind: 'precedingInvoice', value: 'RE-2026-0001', date: '2026-01-31' },
      ]),
    );
    expect(terms.delivery).toMatchObject({ date: '2026-03-15', address: '75001 Paris, FR' });
    expect(terms.payment).toMatchObject({ terms: 'Zahlbar innerhalb von 30 Tagen.' });
    expect(terms.allowances_charges).toEqual([{ charge: false, amount: 10, reason: 'Rabatt', reason_code: '95', tax_category: 'S', tax_rate: 19 }]);
    expect(terms.totals).toMatchObject({ payable: Number(DEFAULT_INVOICE.payable) });
    // The invoiced object (type 130) is a reference, not an attachment.
    expect(terms.attachments).toEqual([
      { id: 'TS-03', description: 'Stundenzettel März', filename: 'stunden.pdf', mime: 'application/pdf', embedded: true, size: 18 },
      { id: 'LINK-1', embedded: false, uri: 'https://example.org/spec.pdf' },
    ]);
  });

  it('reads the same terms from CII, with the invoicing period and the payment means', () => {
    const xml = ciiInvoice({ ...DEFAULT_INVOICE, deliveryCountry: 'FR' }).replace(
      '</ram:ApplicableHeaderTradeAgreement>',
      `<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>TS-03</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode><ram:Name>Stundenzettel März</ram:Name><ram:AttachmentBinaryObject mimeCode="application/pdf" filename="stunden.pdf">${PDF_BASE64}</ram:AttachmentBinaryObject></ram:AdditionalReferencedDocument>
    </ram:ApplicableHeaderTradeAgreement>`,
    );
    const { terms } = parseEInvoice(xml);
    expect(terms.delivery).toMatchObject({ date: '2026-03-15', period_start: '2026-03-01', period_end: '2026-03-31', address: '75001 Paris, FR' });
    expect(terms.payment).toMatchObject({ means_code: '58', terms: 'Zahlbar innerhalb von 30 Tagen.' });
    expect(terms.totals).toMatchObject({ line_total: Number(DEFAULT_INVOICE.lineTotal), payable: Number(DEFAULT_INVOICE.payable) });
    expect(terms.attachments).toEqual([
      { id: 'TS-03', description: 'Stundenzettel März', filename: 'stunden.pdf', mime: 'application/pdf', embedded: true, size: 18 },
    ]);
  });

  it('leaves out what the invoice does not carry', () => {
    const { terms } = parseEInvoice(ublInvoice(DEFAULT_INVOICE));
    expect(terms.allowances_charges).toBeUndefined();
    expect(terms.attachments).toBeUndefined();
    expect(terms.notes).toBeUndefined();
  });
});
