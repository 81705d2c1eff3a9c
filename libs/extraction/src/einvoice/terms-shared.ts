import type { EInvoiceAttachmentInfo, EInvoiceReference } from '@portal/contracts';
import { attr, text, type XmlNode } from './xml-tree';
import { compact } from './values';

/** A list, or undefined when it is empty (the terms leave out what the invoice does not carry). */
export const nonEmpty = <T>(list: T[]): T[] | undefined => (list.length > 0 ? list : undefined);

/** An object without its undefined properties, or undefined when none is left. */
export function nonEmptyObject<T extends object>(value: T): T | undefined {
  const result = compact(value);
  return Object.keys(result).length > 0 ? result : undefined;
}

/** A reference the invoice carries, or undefined when it leaves it out. */
export const reference = (kind: EInvoiceReference['kind'], value: string | undefined, date?: string): EInvoiceReference | undefined =>
  value ? compact<EInvoiceReference>({ kind, value, date }) : undefined;

/** The references the invoice carries, each value once per kind. */
export function references(list: Array<EInvoiceReference | undefined>): EInvoiceReference[] | undefined {
  const seen = new Set<string>();
  return nonEmpty(
    list.filter((r): r is EInvoiceReference => {
      if (!r || seen.has(`${r.kind}|${r.value}`)) return false;
      seen.add(`${r.kind}|${r.value}`);
      return true;
    }),
  );
}

/** An address on one line: street, postcode and city, country. */
export function addressLine([street, postcode, city, country]: Array<string | undefined>): string | undefined {
  const place = [postcode, city].filter(Boolean).join(' ');
  const line = [street, place, country].filter(Boolean).join(', ');
  return line || undefined;
}

/** The base64 text of an embedded binary object (BT-125), without the line breaks encoders put in; undefined when empty. */
export function embeddedBase64(binary: XmlNode | undefined): string | undefined {
  const value = text(binary)?.replace(/\s+/g, '');
  return value ? value : undefined;
}

/** The bytes an embedded binary object decodes to, counted from its base64 text without decoding it. */
export function embeddedSize(binary: XmlNode | undefined): number | undefined {
  const base64 = embeddedBase64(binary);
  if (!base64) return undefined;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** An attached document (BG-24) as the readable view lists it: its id, description and link, and its embedded file's name, type and size. */
export function attachmentInfo(parts: { id?: string; description?: string; binary: XmlNode | undefined; uri?: string }): EInvoiceAttachmentInfo {
  const { id, description, binary, uri } = parts;
  return compact<EInvoiceAttachmentInfo>({
    id,
    description,
    filename: attr(binary, 'filename'),
    mime: attr(binary, 'mimeCode'),
    embedded: embeddedBase64(binary) !== undefined,
    size: embeddedSize(binary),
    uri,
  });
}
