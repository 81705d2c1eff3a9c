import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { DEFAULT_INVOICE, ciiInvoice, ublInvoice } from '@portal/einvoice-validation/testing/invoices';
import { checkEInvoiceFile } from './check-einvoice-file';
import { EInvoiceChecker } from './einvoice-checker';

const utf8 = (text: string) => new TextEncoder().encode(text);
const broken = ublInvoice({ ...DEFAULT_INVOICE, grossTotal: '1300.00', payable: '1300.00' });

async function pdfWith(name: string | null, xml: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Rechnung RE-2026-0042', { x: 50, y: 780 });
  if (name) await doc.attach(utf8(xml), name, { mimeType: 'text/xml', description: 'Factur-X' });
  return doc.save();
}

describe('checking an uploaded file as an e-invoice', () => {
  it('answers the rules verdict on an XML invoice', async () => {
    const result = await checkEInvoiceFile(utf8(ublInvoice()));
    expect(result).toMatchObject({ ok: true, source: 'xml-file', verdict: { valid: true, syntax: 'UBL Invoice', profile: 'XRechnung', findings: [] } });
  });

  it('names the broken rule with its location and messages in both languages', async () => {
    const result = await checkEInvoiceFile(utf8(broken));
    if (!result.ok) throw new Error('expected a verdict');
    expect(result.verdict.valid).toBe(false);
    expect(result.verdict.findings).toContainEqual(
      expect.objectContaining({
        rule: 'BR-CO-15',
        severity: 'fatal',
        location: '/ubl:Invoice',
        message: { en: expect.stringContaining('1,300.00'), de: expect.stringContaining('1.300,00') },
      }),
    );
  });

  it('checks the XML a ZUGFeRD / Factur-X PDF embeds', async () => {
    const result = await checkEInvoiceFile(await pdfWith('factur-x.xml', ciiInvoice({ ...DEFAULT_INVOICE, grossTotal: '1300.00', payable: '1300.00' })));
    expect(result).toMatchObject({ ok: true, source: 'pdf-attachment', attachment: 'factur-x.xml', verdict: { valid: false, syntax: 'CII' } });
  });

  it('says why a file is no e-invoice: a PDF without one, XML of another kind, a damaged PDF', async () => {
    expect(await checkEInvoiceFile(await pdfWith(null, ''))).toEqual({
      ok: false,
      reason: { en: expect.stringMatching(/no embedded e-invoice/), de: expect.stringMatching(/keine eingebettete E-Rechnung/) },
    });
    expect(await checkEInvoiceFile(utf8('<?xml version="1.0"?><Order xmlns="urn:x"><ID>1</ID></Order>'))).toMatchObject({
      ok: false,
      reason: { en: expect.any(String), de: expect.any(String) },
    });
    expect(await checkEInvoiceFile(utf8('%PDF-1.7\nnot really a pdf'))).toMatchObject({ ok: false });
  });
});

// The thread needs the compiled worker (npm run build:server); TypeScript run directly checks inline.
const compiled = join(__dirname, '../../dist/einvoice-check/einvoice-check.worker.js');
(existsSync(compiled) ? describe : describe.skip)('checking in a worker thread', () => {
  it('gives the same verdict as inline, off the event loop', async () => {
    const checker = new EInvoiceChecker({ workerFile: compiled });
    try {
      expect(checker.threaded).toBe(true);
      const [threaded, inline] = await Promise.all([checker.check(utf8(broken)), checkEInvoiceFile(utf8(broken))]);
      expect(threaded).toEqual(inline);
      expect(await checker.check(utf8('<x/>'))).toMatchObject({ ok: false });
    } finally {
      await checker.close();
    }
  });
});
