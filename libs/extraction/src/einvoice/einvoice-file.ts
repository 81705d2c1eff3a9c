import type { EInvoiceTerms } from '@portal/contracts';
import { readEmbeddedFiles } from '../pdf/embedded-files';
import { embeddedAttachmentOf, type EInvoiceAttachmentContent } from './attachment-content';
import { findEInvoiceAttachment } from './find-attachment';
import { detectEInvoiceSyntax, parseEInvoice } from './parse-einvoice';

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).includes('%PDF-');

/** The e-invoice XML of a stored file: an XML file as it is, a PDF's embedded ZUGFeRD / Factur-X / XRechnung XML; null for any other file. */
export async function einvoiceXmlOf(bytes: Uint8Array): Promise<string | null> {
  if (isPdf(bytes)) {
    try {
      return findEInvoiceAttachment(await readEmbeddedFiles(bytes))?.xml ?? null;
    } catch {
      return null;
    }
  }
  const xml = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return detectEInvoiceSyntax(xml) ? xml : null;
}

/** The business terms of a stored file's e-invoice as the extraction reads them now; null when the file holds none. */
export async function einvoiceTermsOfFile(bytes: Uint8Array): Promise<EInvoiceTerms | null> {
  const xml = await einvoiceXmlOf(bytes);
  if (!xml) return null;
  try {
    return parseEInvoice(xml).terms;
  } catch {
    return null;
  }
}

/** The file a stored e-invoice embeds as its `index`-th attachment (0-based); null when there is none. */
export async function einvoiceAttachmentOfFile(bytes: Uint8Array, index: number): Promise<EInvoiceAttachmentContent | null> {
  const xml = await einvoiceXmlOf(bytes);
  if (!xml) return null;
  try {
    return embeddedAttachmentOf(xml, index);
  } catch {
    return null;
  }
}
