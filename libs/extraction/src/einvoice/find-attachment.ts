import type { PdfAttachment } from '@portal/document-files';
import { detectEInvoiceSyntax } from './parse-einvoice';

export interface EInvoiceAttachment {
  filename: string;
  xml: string;
}

// Names the standards prescribe; other XML attachments are accepted when their root element is an invoice.
const KNOWN_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'zugferd_invoice.xml'];
const MAX_XML_BYTES = 20 * 1024 * 1024;

function rank(name: string): number {
  const index = KNOWN_NAMES.indexOf(name.toLowerCase());
  return index === -1 ? KNOWN_NAMES.length : index;
}

/** Chooses the structured-invoice XML among a PDF's embedded files: known names first, then by content. */
export function findEInvoiceAttachment(attachments: readonly PdfAttachment[]): EInvoiceAttachment | undefined {
  const candidates = attachments
    .filter((a) => a.content.byteLength > 0 && a.content.byteLength <= MAX_XML_BYTES)
    .filter((a) => /\.xml$/i.test(a.filename) || a.content[0] === 0x3c || a.content[0] === 0xef)
    .sort((a, b) => rank(a.filename) - rank(b.filename));
  for (const candidate of candidates) {
    const xml = new TextDecoder('utf-8').decode(candidate.content);
    if (detectEInvoiceSyntax(xml)) return { filename: candidate.filename, xml };
  }
  return undefined;
}
