import {
  DOCUMENT_FLAGS,
  type BookingFieldName,
  type DocumentLabel,
  type DocumentLineage,
  type DocumentEInvoiceValidation,
  type DocumentRecord,
  type EInvoiceFindingCounts,
  type EInvoiceInfo,
  type ExtractedFieldName,
  type FieldChange,
  type FieldIssue,
  type LabelField,
  type LearnedInfo,
  type Party,
  type SearchablePdfInfo,
} from '@portal/contracts';
import { problemText } from '../../api/error-text';
import { formatDate, formatDateTime, formatNumber, formatPercent } from '../../i18n/format';
import { originKey } from '../booking-form/origin-label';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * How the timeline names a field of the document record: `own` by its audit label (invoices.audit.labels.*),
 * `form` by the work form's label, and the per-field maps by the field they describe.
 */
type Naming = 'own' | 'form' | 'booking' | 'read' | 'originOf' | 'readOriginOf' | 'confidenceOf';

/** Every field of the record has a naming: a field added to DocumentRecord without one breaks the build. */
export const RECORD_FIELDS = {
  id: 'own',
  client_no: 'own',
  category: 'form',
  title: 'form',
  file_name: 'own',
  media_type: 'own',
  size: 'own',
  sha256: 'own',
  uploaded_at: 'own',
  uploaded_by: 'own',
  updated_at: 'own',
  revision: 'own',
  flags: 'own',
  confirmed: 'own',
  booked: 'own',
  locked: 'own',
  invalid: 'own',
  deleted: 'own',
  trashed_at: 'own',
  purge_after: 'own',
  problem: 'own',
  extraction: 'own',
  origin: 'own',
  pages: 'own',
  page_origins: 'own',
  language: 'own',
  invoice_number: 'form',
  invoice_date: 'form',
  due_date: 'form',
  biller_name: 'own',
  recipient_name: 'own',
  gross_amount: 'form',
  currency: 'form',
  fields: 'read',
  field_origins: 'readOriginOf',
  field_confidence: 'confidenceOf',
  review_fields: 'own',
  einvoice: 'own',
  text_sha256: 'own',
  text: 'own',
  lineage: 'own',
  payroll: 'own',
  payroll_suggested: 'own',
  words_sha256: 'own',
  labels: 'own',
  learned: 'own',
  searchable_pdf: 'own',
  booking: 'booking',
  booking_origins: 'originOf',
  issues: 'own',
  erp_status: 'own',
  erp_reason: 'own',
  confirmed_by: 'own',
  booked_by: 'own',
  derived: 'own',
  einvoice_validity: 'own',
  einvoice_validation: 'own',
  einvoice_confirm_reason: 'own',
} as const satisfies Record<keyof DocumentRecord, Naming>;

/** Fields the projection writes beyond the contract type. */
const EXTRA_FIELDS = { extraction_attempt: 'own' } as const satisfies Record<string, Naming>;

const NAMING: Record<string, Naming> = { ...RECORD_FIELDS, ...EXTRA_FIELDS };

/** Members of the record's nested objects (`einvoice.syntax`, `fields.biller.city`, ...), named under invoices.audit.parts.*. */
export const NESTED_PARTS = {
  name: true,
  street: true,
  postcode: true,
  city: true,
  country: true,
  vat_id: true,
  syntax: true,
  profile: true,
  source: true,
  attachment: true,
  terms: true,
  terms_version: true,
  supplier_key: true,
  supplier_name: true,
  fields: true,
  examples: true,
  sha256: true,
  size: true,
  pages: true,
  pdfa: true,
  editorDocumentId: true,
  editorRevision: true,
  sources: true,
  valid: true,
  customization: true,
  rulesVersion: true,
  findings: true,
  validity: true,
  counts: true,
  validated_at: true,
  fatal: true,
  warning: true,
  information: true,
} as const satisfies Record<
  | keyof Party
  | keyof EInvoiceInfo
  | keyof LearnedInfo
  | keyof SearchablePdfInfo
  | keyof DocumentLineage
  | keyof DocumentEInvoiceValidation
  | keyof EInvoiceFindingCounts,
  true
>;

/** Every field name the maps and lists of the record hold, for the exhaustive label test. */
export const EXTRACTED_FIELD_NAMES = Object.keys({
  document_kind: 1,
  invoice_number: 1,
  invoice_date: 1,
  due_date: 1,
  biller: 1,
  recipient: 1,
  currency: 1,
  net_amount: 1,
  tax_amount: 1,
  gross_amount: 1,
  tax_rates: 1,
  tax_breakdown: 1,
  line_items: 1,
  iban: 1,
  bic: 1,
  payment_reference: 1,
} satisfies Record<ExtractedFieldName, 1>) as ExtractedFieldName[];

/** A user id as the timeline shows it: the name the history resolved for it. */
export type UserNames = ReadonlyMap<string, string>;
const NO_USERS: UserNames = new Map();
const USER_FIELDS = new Set(['uploaded_by', 'confirmed_by', 'booked_by']);

/** A field of the work form, the extraction or the labeling tool in words (form label first). */
export function fieldName(name: string, t: Translate): string {
  return (
    t(`invoices.fields.${name}`, { defaultValue: '' }) ||
    t(`documents.single.field.${name}`, { defaultValue: '' }) ||
    t(`invoices.audit.parts.${name}`, { defaultValue: '' }) ||
    name
  );
}

function withParts(label: string, parts: string[], t: Translate): string {
  return [label, ...parts.map((p) => t(`invoices.audit.parts.${p}`, { defaultValue: '' }) || p)].join(' · ');
}

/**
 * The label of a changed read-model field: form fields by their form label, extracted fields
 * (`fields.x`), where a value came from (`booking_origins.x`), flags, state and file data in words.
 */
export function changeLabel(path: string, t: Translate): string {
  const [head = '', name, ...parts] = path.split('.');
  const naming = NAMING[head];
  const own = () => t(`invoices.audit.labels.${head}`);
  switch (naming) {
    case undefined:
      return path;
    case 'own':
      return withParts(own(), name === undefined ? [] : [name, ...parts], t);
    case 'form':
      return fieldName(head, t);
    case 'booking':
      return name === undefined ? own() : fieldName(name, t);
    case 'originOf':
      return name === undefined ? own() : t('invoices.audit.labels.originOf', { field: fieldName(name, t) });
    case 'read':
      return name === undefined ? own() : t('invoices.audit.labels.extracted', { field: withParts(fieldName(name, t), parts, t) });
    case 'readOriginOf':
      return name === undefined ? own() : t('invoices.audit.labels.originOf', { field: t('invoices.audit.labels.extracted', { field: fieldName(name, t) }) });
    case 'confidenceOf':
      return name === undefined ? own() : t('invoices.audit.labels.confidenceOf', { field: fieldName(name, t) });
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ORIGIN_PATHS = /^(origin|booking_origins\.\w+|field_origins\.\w+)$/;
/** Fields whose values are words the UI names: path → i18n key prefix. */
const ENUM_VALUES: Record<string, string> = {
  category: 'invoices.categories',
  extraction: 'invoices.audit.values.extraction',
  erp_status: 'invoices.audit.values.erp',
  language: 'languages',
  'einvoice.source': 'invoices.audit.values.einvoiceSource',
  einvoice_validity: 'invoices.audit.values.einvoiceValidity',
  'einvoice_validation.validity': 'invoices.audit.values.einvoiceValidity',
  'fields.document_kind': 'invoices.audit.values.documentKind',
  'booking.payment_method': 'invoices.paymentMethods',
  'booking.document_type': 'invoices.documentTypes',
};

const originName = (code: number, t: Translate) => t(`invoices.origins.${originKey(code)}`, { code });

/** Ids of the portal's own services in events, by their label (invoices.audit.*). */
const SERVICE_USERS: Record<string, string> = { system: 'invoices.audit.system', 'ocr-worker': 'invoices.audit.readingService' };

/** Who did something: a user's name, a service of the portal by its name; never a bare id (it stays in the raw event). */
export function userName(id: string, t: Translate, users: UserNames = NO_USERS): string {
  const service = SERVICE_USERS[id];
  return users.get(id) ?? (service ? t(service) : t('invoices.audit.unknownUser'));
}

function listValue(field: string, items: unknown[], t: Translate, locale: string): string {
  if (field === 'page_origins') return items.map((c) => (typeof c === 'number' ? originName(c, t) : String(c))).join(', ');
  if (field === 'issues') {
    return (items as FieldIssue[])
      .map((i) => `${fieldName(i.field, t)}: ${t(`invoices.validation.${i.key}`, { ...i.params, defaultValue: i.message })}`)
      .join('; ');
  }
  if (field === 'labels') return (items as DocumentLabel[]).map((l) => `${fieldName(l.field, t)}: ${String(l.value)}`).join('; ');
  if (field === 'review_fields' || field === 'learned.fields')
    return (items as Array<ExtractedFieldName | LabelField | BookingFieldName>).map((f) => fieldName(f, t)).join(', ');
  if (items.every((i) => typeof i === 'number'))
    return (items as number[]).map((n) => (field === 'fields.tax_rates' ? formatPercent(n, locale) : formatNumber(n, locale))).join(', ');
  if (items.every((i) => typeof i === 'string')) return items.join(', ');
  return t('invoices.audit.values.entries', { count: items.length });
}

/** A changed value in words: flags, origins, users by name, yes/no, localised dates and numbers; ∅ absent, — empty. */
export function changeValue(field: string, value: unknown, t: Translate, locale: string, users: UserNames = NO_USERS, max = 80): string {
  if (value === undefined) return '∅';
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return '—';
  const cut = (text: string) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
  if (field === 'flags' && typeof value === 'number') {
    const names = (Object.keys(DOCUMENT_FLAGS) as Array<keyof typeof DOCUMENT_FLAGS>)
      .filter((f) => (value & DOCUMENT_FLAGS[f]) !== 0)
      .map((f) => t(`invoices.flags.${f}`));
    return names.length ? names.join(', ') : t('invoices.audit.values.open');
  }
  if (ORIGIN_PATHS.test(field) && typeof value === 'number') return originName(value, t);
  if (USER_FIELDS.has(field) && typeof value === 'string') return userName(value, t, users);
  if (field === 'problem' && typeof value === 'string') return cut(problemText(value, null, t, locale));
  if (field.startsWith('field_confidence.') && typeof value === 'number') return formatPercent(Math.round(value * 100), locale);
  const prefix = ENUM_VALUES[field];
  if (prefix && typeof value === 'string') return t(`${prefix}.${value}`, { defaultValue: value });
  if (Array.isArray(value)) return cut(listValue(field, value, t, locale));
  if (typeof value === 'boolean') return t(value ? 'invoices.audit.values.yes' : 'invoices.audit.values.no');
  if (typeof value === 'number') return formatNumber(value, locale, /amount$/.test(field) || !Number.isInteger(value) ? 2 : 0);
  if (typeof value === 'string') return cut(ISO_DATE.test(value) ? formatDate(value, locale) : ISO_TIME.test(value) ? formatDateTime(value, locale) : value);
  // A group of values compared as one field (the e-invoice's further terms): how many it holds, never its keys.
  if (typeof value === 'object') return t('invoices.audit.values.entries', { count: Object.keys(value).length });
  return cut(JSON.stringify(value));
}

/** How changeValue writes an absent and an empty value. */
const EMPTY_TEXTS = new Set(['∅', '—']);

/**
 * The changes a reader tells apart: a field copied into two places of the record (the invoice number of the
 * form and of the booking) reads as the same label and values, so it is shown once; empty → empty says nothing.
 */
export function distinctChanges(changes: readonly FieldChange[], t: Translate, locale: string, users: UserNames = NO_USERS): FieldChange[] {
  const seen = new Set<string>();
  return changes.filter((c) => {
    const before = changeValue(c.field, c.old, t, locale, users);
    const after = changeValue(c.field, c.new, t, locale, users);
    if (EMPTY_TEXTS.has(before) && EMPTY_TEXTS.has(after)) return false;
    const key = JSON.stringify([changeLabel(c.field, t), before, after]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
