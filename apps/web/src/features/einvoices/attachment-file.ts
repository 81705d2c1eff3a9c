import type { EInvoiceAttachmentInfo } from '@portal/contracts';

/** UNTDID 1001: an additional document of type 130 is an invoiced object (BT-18), 916 an attachment (BG-24). */
const INVOICED_OBJECT = '130';
const ATTACHMENT = '916';

const childText = (element: Element, name: string) => [...element.children].find((c) => c.localName === name)?.textContent?.trim() ?? null;

/**
 * The attached documents of an e-invoice's XML in the order the readable view lists them (EInvoiceTerms.attachments):
 * UBL's additional document references that are no invoiced object, CII's additional referenced documents of type 916.
 */
function attachmentElements(xml: Document): Element[] {
  const ubl = [...xml.getElementsByTagNameNS('*', 'AdditionalDocumentReference')].filter((e) => e.parentElement === xml.documentElement && childText(e, 'DocumentTypeCode') !== INVOICED_OBJECT);
  const cii = [...xml.getElementsByTagNameNS('*', 'AdditionalReferencedDocument')].filter((e) => childText(e, 'TypeCode') === ATTACHMENT);
  return ubl.length > 0 ? ubl : cii;
}

/** The file an e-invoice embeds as its `index`-th attachment (base64 in the XML), or null when it carries none there. */
export function attachmentFile(xmlText: string, index: number, info: EInvoiceAttachmentInfo): { blob: Blob; fileName: string } | null {
  const xml = new DOMParser().parseFromString(xmlText, 'application/xml');
  const element = attachmentElements(xml)[index];
  const binary = element ? [...element.getElementsByTagNameNS('*', 'EmbeddedDocumentBinaryObject'), ...element.getElementsByTagNameNS('*', 'AttachmentBinaryObject')][0] : undefined;
  const base64 = binary?.textContent?.replace(/\s+/g, '');
  if (!binary || !base64) return null;
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const mime = binary.getAttribute('mimeCode') ?? info.mime ?? 'application/octet-stream';
  return { blob: new Blob([bytes], { type: mime }), fileName: binary.getAttribute('filename') ?? info.filename ?? info.id ?? `attachment-${index + 1}` };
}
