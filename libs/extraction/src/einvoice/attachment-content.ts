import { TRANSACTION, AGREEMENT } from './cii-paths';
import { attr, first, parseXml, type XmlNode } from './xml-tree';
import { ciiAttachmentBinary, ciiAttachmentElements } from './terms-cii';
import { embeddedBase64 } from './terms-shared';
import { ublAttachmentBinary, ublAttachmentElements } from './terms-ubl';

/** A file an e-invoice embeds (BG-24 / BT-125): its name and MIME code as the invoice states them, and its bytes. */
export interface EInvoiceAttachmentContent {
  filename?: string;
  mime?: string;
  bytes: Uint8Array;
}

function attachmentBinaries(xml: string): Array<XmlNode | undefined> {
  const tree = parseXml(xml);
  const ubl = first(tree, 'Invoice|CreditNote');
  if (ubl) return ublAttachmentElements(ubl).map(ublAttachmentBinary);
  const cii = first(tree, 'CrossIndustryInvoice|CrossIndustryDocument');
  return ciiAttachmentElements(first(cii, TRANSACTION, AGREEMENT)).map(ciiAttachmentBinary);
}

/**
 * The file embedded in the e-invoice's `index`-th attachment (0-based, in the order of EInvoiceTerms.attachments),
 * or null when there is no such attachment or it carries no file (only a link).
 */
export function embeddedAttachmentOf(xml: string, index: number): EInvoiceAttachmentContent | null {
  const binary = attachmentBinaries(xml)[index];
  const base64 = embeddedBase64(binary);
  if (!binary || !base64) return null;
  const filename = attr(binary, 'filename');
  const mime = attr(binary, 'mimeCode');
  return { ...(filename ? { filename } : {}), ...(mime ? { mime } : {}), bytes: new Uint8Array(Buffer.from(base64, 'base64')) };
}
