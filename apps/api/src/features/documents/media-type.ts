/** Accepted upload types, recognised by their first bytes, never by the file name. */
export type UploadMediaType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/tiff' | 'application/xml';

/** How many of the first bytes tell the type: sniffMediaType reads no further. */
export const SNIFF_BYTES = 4096;

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** The media type the bytes really are, or null for anything the portal does not accept. */
export function sniffMediaType(bytes: Buffer): UploadMediaType | null {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (isEInvoiceXml(bytes)) return 'application/xml';
  return null;
}

/** XRechnung in UBL (Invoice, CreditNote) or UN/CEFACT CII (CrossIndustryInvoice). */
function isEInvoiceXml(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, SNIFF_BYTES)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (!/^\s*</.test(head)) return false;
  const withoutProlog = head.replace(/<\?xml[^>]*\?>/, '').replace(/<!--[\s\S]*?-->/g, '');
  const root = /<\s*(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(withoutProlog);
  return root !== null && ['Invoice', 'CreditNote', 'CrossIndustryInvoice'].includes(root[1]!);
}
