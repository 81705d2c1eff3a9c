import { isValidIBAN } from './iban-tools';
import type { ExtractedFieldName, OriginCode } from './documents';

/** Fields the labeling tool (lab) can mark on a page; VAT IDs go into the parties, the rest into the booking fields. */
export const LABEL_FIELDS = [
  'invoice_number',
  'invoice_date',
  'due_date',
  'biller',
  'recipient',
  'biller_vat_id',
  'recipient_vat_id',
  'net_amount',
  'tax_amount',
  'gross_amount',
  'tax_rate',
  'currency',
  'iban',
  'payment_reference',
] as const;
export type LabelField = (typeof LABEL_FIELDS)[number];

/** The extracted field a label field lives in (its origin and confidence are kept under that name). */
export const EXTRACTED_FIELD_OF: Record<LabelField, ExtractedFieldName> = {
  invoice_number: 'invoice_number',
  invoice_date: 'invoice_date',
  due_date: 'due_date',
  biller: 'biller',
  recipient: 'recipient',
  biller_vat_id: 'biller',
  recipient_vat_id: 'recipient',
  net_amount: 'net_amount',
  tax_amount: 'tax_amount',
  gross_amount: 'gross_amount',
  tax_rate: 'tax_rates',
  currency: 'currency',
  iban: 'iban',
  payment_reference: 'payment_reference',
};
export type LabelValue = string | number;

/** A rectangle on a page in PDF points, origin top left; pages count from 1. */
export interface LabelBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One word of a page (text layer or OCR) with its box in PDF points, origin top left. */
export interface PageWord {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageWords {
  page: number;
  width: number;
  height: number;
  words: PageWord[];
}

/** One label on a document (Human_Labeling 9): shown in the Label mode and the audit timeline. */
export interface DocumentLabel {
  id: string;
  field: LabelField;
  box: LabelBox;
  /** The words under the box as read. */
  text: string;
  value: LabelValue;
  by: string;
  at: string;
  /** What the field held before, and where it came from: undo restores it. */
  previous: LabelValue | null;
  previous_origin: OriginCode | null;
}

/** The fields a supplier's model filled on a document (Machine_Learning 10). */
export interface LearnedInfo {
  supplier_key: string;
  supplier_name: string | null;
  fields: LabelField[];
  /** Labeled or confirmed invoices of that supplier the model was learned from. */
  examples: number;
}

/** The searchable PDF (page images + invisible OCR text) made for a scanned document. */
export interface SearchablePdfInfo {
  sha256: string;
  size: number;
  pages: number;
  /** PDF/A-2b identification, XMP metadata, embedded font and output intent written. */
  pdfa: boolean;
}

/** One example of a field on an earlier invoice of a supplier: where it was and which words stood before it. */
export interface FieldSample {
  document_id: number;
  origin: OriginCode;
  box: LabelBox;
  /** Words left of the value on its line, or on the line above when none (normalised, lower case). */
  anchor: string | null;
  /** The anchor's box, to place the value relative to it on the next invoice. */
  anchor_box: LabelBox | null;
}

/** supplier-models: the learned model per supplier and client company, rebuilt from document events. */
export interface SupplierModelRecord {
  /** `${client_no}:${key}` */
  id: string;
  client_no: number;
  key: string;
  /** Identities the supplier was recognised by. */
  vat_ids: string[];
  ibans: string[];
  names: string[];
  supplier_name: string | null;
  /** Contributing documents (labeled or confirmed), newest last. */
  documents: number[];
  /** Per field: examples of the contributing documents, newest last. */
  fields: Partial<Record<LabelField, FieldSample[]>>;
  updated_at: string;
}

/** Reads a field's value from the words under a label box; null when the words do not hold such a value. */
export function readLabelValue(field: LabelField, text: string): LabelValue | null {
  const raw = text.replace(/\s+/g, ' ').trim();
  if (raw === '') return null;
  switch (field) {
    case 'net_amount':
    case 'tax_amount':
    case 'gross_amount':
      return readAmount(raw);
    case 'tax_rate': {
      const m = /(\d{1,2}(?:[.,]\d{1,2})?)\s*%/.exec(raw) ?? /^(\d{1,2}(?:[.,]\d{1,2})?)$/.exec(raw);
      return m ? Number(m[1]!.replace(',', '.')) : null;
    }
    case 'invoice_date':
    case 'due_date':
      return readDate(raw);
    case 'iban': {
      const compact = raw.replace(/[\s.-]/g, '').toUpperCase();
      const m = /[A-Z]{2}\d{2}[A-Z0-9]{11,30}/.exec(compact);
      return m && isValidIBAN(m[0]) ? m[0] : null;
    }
    case 'biller_vat_id':
    case 'recipient_vat_id': {
      const m = /[A-Z]{2}[A-Z0-9]{8,12}/.exec(raw.replace(/[\s.-]/g, '').toUpperCase());
      return m ? m[0] : null;
    }
    case 'currency': {
      if (raw.includes('€')) return 'EUR';
      const m = /\b([A-Z]{3})\b/.exec(raw);
      return m ? m[1]! : null;
    }
    default:
      return raw.replace(/^[:#\s]+|[:\s]+$/g, '') || null;
  }
}

/** 1.234,56 / 1,234.56 / 1 234,56 / -12,50 / 12.50 € → number. */
export function readAmount(text: string): number | null {
  const matches = text.match(/-?\d{1,3}(?:[.,'\u00a0 ]\d{3})*(?:[.,]\d{1,2})?|-?\d+(?:[.,]\d{1,2})?/g);
  if (!matches) return null;
  // The last number of the words is the amount (labels and currency signs come before it).
  const token = matches[matches.length - 1]!.replace(/[\u00a0' ]/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(token);
  const whole = (decimal ? token.slice(0, -decimal[0].length) : token).replace(/[.,]/g, '');
  const value = Number(`${whole}${decimal ? `.${decimal[1]}` : ''}`);
  if (!Number.isFinite(value)) return null;
  const negative = /^-|-$|\(.*\)/.test(text.trim()) && value > 0 ? -value : value;
  return Math.round(negative * 100) / 100;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  januar: 1,
  january: 1,
  jänner: 1,
  jaenner: 1,
  feb: 2,
  februar: 2,
  february: 2,
  mär: 3,
  mar: 3,
  märz: 3,
  maerz: 3,
  march: 3,
  apr: 4,
  april: 4,
  mai: 5,
  may: 5,
  jun: 6,
  juni: 6,
  june: 6,
  jul: 7,
  juli: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  okt: 10,
  oct: 10,
  oktober: 10,
  october: 10,
  nov: 11,
  november: 11,
  dez: 12,
  dec: 12,
  dezember: 12,
  december: 12,
};

const iso = (y: number, m: number, d: number): string | null => {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/** 04.03.2026, 2026-03-04, 04/03/2026, 4 March 2026, 4. März 2026 → 2026-03-04. */
export function readDate(text: string): string | null {
  let m = /(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /(\d{1,2})[./](\d{1,2})[./](\d{4}|\d{2})\b/.exec(text);
  if (m) return iso(m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]), Number(m[2]), Number(m[1]));
  m = /(\d{1,2})\.?\s+([A-Za-zÄÖÜäöü]+)\.?\s+(\d{4})/.exec(text);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    return month ? iso(Number(m[3]), month, Number(m[1])) : null;
  }
  m = /([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})/.exec(text);
  if (m) {
    const month = MONTHS[m[1]!.toLowerCase()];
    return month ? iso(Number(m[3]), month, Number(m[2])) : null;
  }
  return null;
}

/** The same value in the wire form of its field (numbers rounded to cents, texts trimmed): for comparing. */
export function sameLabelValue(a: LabelValue | null | undefined, b: LabelValue | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return a === b || (a == null && b == null);
  if (typeof a === 'number' || typeof b === 'number') return Math.abs(Number(a) - Number(b)) < 0.005;
  return a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();
}
