import { ORIGIN } from '@portal/contracts';
import type { DemoInvoice } from '@portal/demo-data';
import { buildFacturXXmp } from '@portal/demo-data';
import type { DrawOp } from '@portal/demo-data';
import { renderTextPdf } from '@portal/demo-data';
import { ownInvoices } from '../test/own-einvoices';
import { wrongFields } from '../test/compare-fields';
import { extractDocument } from './extract-document';
import { OcrEngine } from './ocr-engine';

/** The e-invoice's XML wins over the printed page; what it lacks comes from the page only when right. */
const ocr = new OcrEngine();
afterAll(() => ocr.terminate());

let invoice: DemoInvoice;
beforeAll(async () => {
  invoice = (await ownInvoices(20)).find((i) => i.kind === 'zugferd')!;
});

const german = (iso: string) => iso.split('-').reverse().join('.');

/** A one-page PDF printing `lines` with the CII `xml` attached as factur-x.xml. */
async function zugferd(lines: string[], xml: string): Promise<{ bytes: Buffer; mediaType: 'application/pdf' }> {
  const ops: DrawOp[] = lines.map((text, i) => ({ type: 'text', x: 56, y: 80 + i * 18, text, size: 11, bold: false, align: 'left', color: [0, 0, 0] }));
  const meta = { title: 'Rechnung', author: 'Test', subject: 'Rechnung', date: new Date('2026-03-01T00:00:00Z'), language: 'de' as const, creator: 'spec' };
  return { bytes: await renderTextPdf(ops, meta, { xml, xmp: buildFacturXXmp('Rechnung') }), mediaType: 'application/pdf' };
}

describe('a structured invoice whose page says something else', () => {
  it("given the page prints another number, date, total and IBAN than the XML, then every value is the XML's", async () => {
    const page = [
      'Falsch Druck GmbH',
      'Rechnung Nr. PRINTED-4711',
      'Rechnungsdatum: 01.02.2020',
      'Zahlbar bis 15.02.2020',
      'Nettobetrag: 100,00 EUR',
      'USt 20 %: 20,00 EUR',
      'Gesamtbetrag: 120,00 EUR',
      'IBAN: AT61 1904 3002 3457 3201',
    ];
    const result = await extractDocument(await zugferd(page, invoice.xml.cii), { ocr });
    expect(result.origin).toBe(ORIGIN.EInvoice_XML);
    expect(wrongFields(invoice.expected, result.fields).wrong).toEqual([]);
    for (const name of ['invoice_number', 'invoice_date', 'due_date', 'gross_amount', 'net_amount', 'iban'] as const)
      expect(result.fieldOrigins[name]).toBe(ORIGIN.EInvoice_XML);
    expect(result.review).toBeUndefined();
  });
});

describe('a structured invoice whose XML lacks a field the page shows', () => {
  const withoutDueDate = () =>
    invoice.xml.cii.replace(/<ram:DueDateDateTime>[\s\S]*?<\/ram:DueDateDateTime>/, '').replace(/<ram:Description>[^<]*<\/ram:Description>/, '');

  it('given the page prints the due date, then it is taken from the page with its origin', async () => {
    const page = [
      `Rechnung Nr. ${invoice.expected.invoice_number}`,
      `Rechnungsdatum: ${german(invoice.expected.invoice_date!)}`,
      `Zahlbar ohne Abzug bis ${german(invoice.expected.due_date!)}`,
    ];
    const result = await extractDocument(await zugferd(page, withoutDueDate()), { ocr });
    expect(result.fields.due_date).toBe(invoice.expected.due_date);
    expect(result.fieldOrigins.due_date).toBe(ORIGIN.PDF_Parse);
    expect(result.fieldOrigins.gross_amount).toBe(ORIGIN.EInvoice_XML);
  });

  it('given the page prints only a delivery date, then the due date stays empty rather than guessed', async () => {
    const page = [`Rechnung Nr. ${invoice.expected.invoice_number}`, `Rechnungsdatum: ${german(invoice.expected.invoice_date!)}`, 'Lieferdatum: 28.02.2026'];
    const result = await extractDocument(await zugferd(page, withoutDueDate()), { ocr });
    expect(result.fields.due_date).toBeUndefined();
    expect(result.fields.invoice_date).toBe(invoice.expected.invoice_date);
  });
});
