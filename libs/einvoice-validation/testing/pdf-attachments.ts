/** Test helper: the files embedded in a PDF (embedded-files name tree and associated files), read with pdf-lib. */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject } from 'pdf-lib';
import { NotAnEInvoice, validateEInvoice } from '../src';

export interface PdfAttachment {
  filename: string;
  content: Uint8Array;
}

const KNOWN_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'zugferd_invoice.xml'];

/** The embedded invoice XML of a ZUGFeRD / Factur-X PDF: the standard file names first, then any XML that is one. */
export function embeddedInvoiceXml(attachments: readonly PdfAttachment[]): string | undefined {
  const rank = (a: PdfAttachment) => {
    const i = KNOWN_NAMES.indexOf(a.filename.toLowerCase());
    return i === -1 ? KNOWN_NAMES.length : i;
  };
  for (const a of [...attachments].sort((x, y) => rank(x) - rank(y))) {
    const xml = new TextDecoder('utf-8').decode(a.content);
    try {
      validateEInvoice(xml);
      return xml;
    } catch (e) {
      if (e instanceof NotAnEInvoice && /ZUGFeRD 1\.0/.test(e.reason.en)) return xml;
      if (!(e instanceof NotAnEInvoice)) throw e;
    }
  }
  return undefined;
}

export async function pdfAttachments(bytes: Uint8Array): Promise<PdfAttachment[]> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const lookup = (o: PDFObject | undefined) => (o ? doc.context.lookup(o) : undefined);
  const specs: PDFDict[] = [];
  const names = lookup(doc.catalog.get(PDFName.of('Names')));
  const walk = (node: PDFObject | undefined) => {
    if (!(node instanceof PDFDict)) return;
    const arr = lookup(node.get(PDFName.of('Names')));
    if (arr instanceof PDFArray)
      for (let i = 1; i < arr.size(); i += 2) {
        const s = lookup(arr.get(i));
        if (s instanceof PDFDict) specs.push(s);
      }
    const kids = lookup(node.get(PDFName.of('Kids')));
    if (kids instanceof PDFArray) for (let i = 0; i < kids.size(); i++) walk(lookup(kids.get(i)));
  };
  if (names instanceof PDFDict) walk(lookup(names.get(PDFName.of('EmbeddedFiles'))));
  const af = lookup(doc.catalog.get(PDFName.of('AF')));
  if (af instanceof PDFArray)
    for (let i = 0; i < af.size(); i++) {
      const s = lookup(af.get(i));
      if (s instanceof PDFDict && !specs.includes(s)) specs.push(s);
    }
  const out: PdfAttachment[] = [];
  for (const spec of specs) {
    const ef = lookup(spec.get(PDFName.of('EF')));
    if (!(ef instanceof PDFDict)) continue;
    const stream = lookup(ef.get(PDFName.of('UF')) ?? ef.get(PDFName.of('F')));
    if (!(stream instanceof PDFRawStream)) continue;
    let filename = 'attachment.xml';
    for (const key of ['UF', 'F']) {
      const v = spec.get(PDFName.of(key));
      if (v instanceof PDFString || v instanceof PDFHexString) {
        filename = v.decodeText();
        break;
      }
    }
    out.push({ filename, content: decodePDFRawStream(stream).decode() });
  }
  return out;
}
