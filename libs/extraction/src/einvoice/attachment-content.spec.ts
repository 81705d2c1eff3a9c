import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { ciiInvoice, DEFAULT_INVOICE, ublInvoice } from '@portal/einvoice-validation/testing/invoices';
import { describeWithFixtures } from '@portal/tools';
import { embeddedAttachmentOf } from './attachment-content';
import { einvoiceAttachmentOfFile, einvoiceTermsOfFile } from './einvoice-file';
import { parseEInvoice } from './parse-einvoice';

const TIMESHEET = Buffer.from('%PDF-1.4 timesheet with more than a few bytes');
const base64Lines = (bytes: Buffer) => bytes.toString('base64').replace(/(.{20})/g, '$1\n      ');

/** A UBL invoice with an invoiced object (a reference), an embedded timesheet in base64 lines and a link. */
const ubl = () =>
  ublInvoice(DEFAULT_INVOICE).replace(
    /(<\/cbc:BuyerReference>)/,
    `$1
  <cac:AdditionalDocumentReference><cbc:ID>OBJ-1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>
  <cac:AdditionalDocumentReference><cbc:ID>LINK-1</cbc:ID><cac:Attachment><cac:ExternalReference><cbc:URI>https://example.org/spec.pdf</cbc:URI></cac:ExternalReference></cac:Attachment></cac:AdditionalDocumentReference>
  <cac:AdditionalDocumentReference><cbc:ID>TS-03</cbc:ID><cbc:DocumentDescription>Stundenzettel</cbc:DocumentDescription><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="stunden.pdf">
      ${base64Lines(TIMESHEET)}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>`,
  );

const cii = () =>
  ciiInvoice(DEFAULT_INVOICE).replace(
    '</ram:ApplicableHeaderTradeAgreement>',
    `<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>T-1</ram:IssuerAssignedID><ram:TypeCode>50</ram:TypeCode></ram:AdditionalReferencedDocument>
    <ram:AdditionalReferencedDocument><ram:IssuerAssignedID>CSV-1</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode><ram:Name>Stunden</ram:Name><ram:AttachmentBinaryObject mimeCode="text/csv" filename="stunden.csv">${Buffer.from('Tag;Stunden\n1;8\n').toString('base64')}</ram:AttachmentBinaryObject></ram:AdditionalReferencedDocument>
    </ram:ApplicableHeaderTradeAgreement>`,
  );

async function pdfCarrying(xml: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  await doc.attach(new TextEncoder().encode(xml), 'factur-x.xml', { mimeType: 'text/xml' });
  return doc.save();
}

describe('the files an e-invoice embeds', () => {
  it('lists an embedded file with its size and takes out the same bytes, by its place among the attachments', () => {
    const { terms } = parseEInvoice(ubl());
    expect(terms.attachments).toEqual([
      { id: 'LINK-1', embedded: false, uri: 'https://example.org/spec.pdf' },
      { id: 'TS-03', description: 'Stundenzettel', filename: 'stunden.pdf', mime: 'application/pdf', embedded: true, size: TIMESHEET.length },
    ]);
    const file = embeddedAttachmentOf(ubl(), 1);
    expect(file).toMatchObject({ filename: 'stunden.pdf', mime: 'application/pdf' });
    expect(Buffer.from(file!.bytes).equals(TIMESHEET)).toBe(true);
  });

  it('has no file for a link, nor for a place past the last attachment', () => {
    expect(embeddedAttachmentOf(ubl(), 0)).toBeNull();
    expect(embeddedAttachmentOf(ubl(), 2)).toBeNull();
    expect(embeddedAttachmentOf(ublInvoice(DEFAULT_INVOICE), 0)).toBeNull();
  });

  it('takes a CII attachment (type 916) out, leaving a tender reference aside', () => {
    expect(parseEInvoice(cii()).terms.attachments).toEqual([
      { id: 'CSV-1', description: 'Stunden', filename: 'stunden.csv', mime: 'text/csv', embedded: true, size: 16 },
    ]);
    expect(Buffer.from(embeddedAttachmentOf(cii(), 0)!.bytes).toString('utf8')).toBe('Tag;Stunden\n1;8\n');
  });

  it('reads terms and attachments from a stored file, XML or a PDF carrying the XML, and nothing from another file', async () => {
    const pdf = await pdfCarrying(cii());
    expect((await einvoiceTermsOfFile(pdf))?.attachments?.[0]).toMatchObject({ filename: 'stunden.csv', size: 16 });
    expect(Buffer.from((await einvoiceAttachmentOfFile(pdf, 0))!.bytes).toString('utf8')).toBe('Tag;Stunden\n1;8\n');
    expect((await einvoiceTermsOfFile(new TextEncoder().encode(ubl())))?.attachments).toHaveLength(2);
    expect(await einvoiceTermsOfFile(new TextEncoder().encode('<html><body>no invoice</body></html>'))).toBeNull();
    expect(await einvoiceAttachmentOfFile(new TextEncoder().encode('%PDF-1.4 broken'), 0)).toBeNull();
  });
});

describeWithFixtures('xrechnung', 'the embedded attachment of an official XRechnung test case', (DIR) => {
  it('takes out the PDF the invoice 02.01a embeds, whole, under its stated name and MIME code', () => {
    const xml = readFileSync(path.join(DIR, '02.01a-INVOICE_ubl.xml'), 'utf8');
    const [info] = parseEInvoice(xml).terms.attachments ?? [];
    expect(info).toMatchObject({
      filename: '01_15_Anhang_01.pdf',
      mime: 'application/pdf',
      embedded: true,
      description: 'Aufschlüsselung der einzelnen Leistungspositionen',
    });
    const file = embeddedAttachmentOf(xml, 0);
    expect(file).toMatchObject({ filename: '01_15_Anhang_01.pdf', mime: 'application/pdf' });
    expect(Buffer.from(file!.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(Buffer.from(file!.bytes.subarray(-8)).toString('latin1')).toMatch(/%%EOF/);
    expect(file!.bytes.length).toBe(info!.size);
  });
});
