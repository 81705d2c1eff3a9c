import { formatAmount, formatDate, formatDecimalInput, formatPercent } from '../../i18n/format';
import type { BookingFieldName, DocumentBookingFields, DocumentRecord, FilingCategoryCode } from '@portal/contracts';
import { DOCUMENT_TYPES, FILING_CATEGORY_CODES, PAYMENT_METHODS } from '@portal/contracts';

/** Fields of the work form: the booking fields plus the record's title and category (spec §3). */
export type EditableField = BookingFieldName | 'title' | 'category';

export type FieldKind = 'text' | 'amount' | 'percent' | 'date' | 'select' | 'account' | 'iban';

export interface FieldDef {
  name: EditableField;
  kind: FieldKind;
  /** Choices of a select. */
  options?: readonly string[];
  /** The field may not be cleared (title). */
  required?: boolean;
}

export interface FieldGroup {
  id: 'document' | 'parties' | 'dates' | 'amounts' | 'booking';
  fields: FieldDef[];
}

/** The form of spec §3, in groups. */
export const FIELD_GROUPS: readonly FieldGroup[] = [
  {
    id: 'document',
    fields: [
      { name: 'title', kind: 'text', required: true },
      { name: 'category', kind: 'select', options: FILING_CATEGORY_CODES },
      { name: 'document_type', kind: 'select', options: DOCUMENT_TYPES },
      { name: 'subject', kind: 'text' },
      { name: 'invoice_number', kind: 'text' },
    ],
  },
  {
    id: 'parties',
    fields: [
      { name: 'biller', kind: 'text' },
      { name: 'recipient', kind: 'text' },
      { name: 'supplier_account', kind: 'account' },
      { name: 'iban', kind: 'iban' },
      { name: 'payment_reference', kind: 'text' },
    ],
  },
  {
    id: 'dates',
    fields: [
      { name: 'invoice_date', kind: 'date' },
      { name: 'date_received', kind: 'date' },
      { name: 'due_date', kind: 'date' },
      { name: 'accrual_start', kind: 'date' },
      { name: 'accrual_end', kind: 'date' },
    ],
  },
  {
    id: 'amounts',
    fields: [
      { name: 'currency', kind: 'text' },
      { name: 'net_amount', kind: 'amount' },
      { name: 'tax_rate', kind: 'percent' },
      { name: 'tax_amount', kind: 'amount' },
      { name: 'gross_amount', kind: 'amount' },
      { name: 'tax_code', kind: 'text' },
    ],
  },
  {
    id: 'booking',
    fields: [
      { name: 'expense_account', kind: 'account' },
      { name: 'cost_center', kind: 'text' },
      { name: 'payment_method', kind: 'select', options: PAYMENT_METHODS },
      { name: 'discount_percent', kind: 'percent' },
      { name: 'discount_due_date', kind: 'date' },
    ],
  },
];

export const FIELD_DEFS: ReadonlyMap<EditableField, FieldDef> = new Map(FIELD_GROUPS.flatMap((g) => g.fields.map((f) => [f.name, f] as const)));
export const EDITABLE_FIELDS: readonly EditableField[] = [...FIELD_DEFS.keys()];

export type FieldValue = string | number | null;
export type FieldValues = Record<EditableField, FieldValue>;

/** The form's values of a record. */
export function valuesOf(record: Pick<DocumentRecord, 'title' | 'category' | 'booking'>): FieldValues {
  const values = { title: record.title, category: record.category } as FieldValues;
  for (const name of EDITABLE_FIELDS) if (name !== 'title' && name !== 'category') values[name] = record.booking[name] ?? null;
  return values;
}

const isNumeric = (kind: FieldKind) => kind === 'amount' || kind === 'percent';

/** A value as the input shows it: amounts with two decimals, decimal comma in German. */
export function formatValue(value: FieldValue, kind: FieldKind, locale: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    return formatDecimalInput(value, locale, kind === 'amount' ? 2 : undefined);
  }
  return value;
}

/** The translation key of a select's choice (category, document type, payment method). */
export function optionLabelKey(field: EditableField, code: string): string {
  const prefix = field === 'category' ? 'invoices.categories' : field === 'document_type' ? 'invoices.documentTypes' : 'invoices.paymentMethods';
  return `${prefix}.${code}`;
}

/** A value as a reader sees it in a text (not an input): dates, amounts and percentages through the locale formatter, a select's choice by its name. */
export function displayValue(value: FieldValue, def: FieldDef, locale: string, t: (key: string) => string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return def.kind === 'percent' ? formatPercent(value, locale) : formatAmount(value, null, locale);
  if (def.kind === 'date') return formatDate(value, locale);
  if (def.kind === 'select') return t(optionLabelKey(def.name, value));
  return value;
}

export type Parsed = { ok: true; value: FieldValue } | { ok: false; error: 'number' | 'required' };

/** Parses "1.234,56", "1,234.56", "1234,5" and "1234.5"; empty text is null. */
export function parseNumber(text: string): number | null | undefined {
  const t = text.replace(/[\s\u00a0']/g, '');
  if (t === '') return null;
  const lastComma = t.lastIndexOf(',');
  const lastDot = t.lastIndexOf('.');
  const decimal = lastComma > lastDot ? ',' : '.';
  const thousands = decimal === ',' ? '.' : ',';
  const normalized = t.split(thousands).join('').replace(decimal, '.');
  if (!/^-?\d+(\.\d+)?$/.test(normalized)) return undefined;
  return Number(normalized);
}

export function parseValue(text: string, def: FieldDef): Parsed {
  const trimmed = text.trim();
  if (isNumeric(def.kind)) {
    const n = parseNumber(trimmed);
    return n === undefined ? { ok: false, error: 'number' } : { ok: true, value: n };
  }
  if (trimmed === '') return def.required ? { ok: false, error: 'required' } : { ok: true, value: null };
  if (def.kind === 'iban') return { ok: true, value: trimmed.replace(/\s+/g, '').toUpperCase() };
  return { ok: true, value: trimmed };
}

/** The `documents patch` data of the changed fields. */
export function fieldsPatch(changes: Partial<FieldValues>): Partial<DocumentBookingFields> & { title?: string; category?: FilingCategoryCode } {
  const patch: Record<string, FieldValue> = {};
  for (const [name, value] of Object.entries(changes)) patch[name] = value as FieldValue;
  return patch as Partial<DocumentBookingFields> & { title?: string; category?: FilingCategoryCode };
}
