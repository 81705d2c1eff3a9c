import { DOCUMENT_FLAGS } from '@portal/contracts';
import { formatDate, formatDateTime, formatNumber } from '../../i18n/format';
import { originKey } from '../booking-form/origin-label';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Read-model fields the timeline names in words (invoices.audit.labels.*). */
export const LABELLED_FIELDS = [
  'client_no', 'file_name', 'media_type', 'size', 'uploaded_at', 'uploaded_by', 'updated_at', 'flags', 'confirmed', 'booked', 'locked',
  'invalid', 'deleted', 'trashed_at', 'purge_after', 'problem', 'extraction', 'origin', 'pages', 'page_origins', 'language', 'biller_name',
  'recipient_name', 'text_sha256', 'einvoice', 'erp_status', 'erp_reason', 'issues', 'export_jobs',
] as const;

const FORM_FIELDS = new Set(['title', 'category', 'invoice_number', 'invoice_date', 'due_date', 'gross_amount', 'currency']);
const ORIGIN_MAPS = /^(booking_origins|field_origins)\.(\w+)$/;

function fieldName(name: string, t: Translate): string {
  const label = t(`invoices.fields.${name}`, { defaultValue: '' }) || t(`documents.single.field.${name}`, { defaultValue: '' });
  return label || name;
}

/**
 * The label of a changed read-model field (issue 8 of the daily-use list): form fields by their form label,
 * extracted fields (`fields.x`), the origin of a value (`booking_origins.x`), flags, state and file data in words.
 */
export function changeLabel(field: string, t: Translate): string {
  const booking = /^(booking|fields)\.(\w+)$/.exec(field);
  if (booking) return booking[1] === 'fields' ? t('invoices.audit.labels.extracted', { field: fieldName(booking[2], t) }) : fieldName(booking[2], t);
  const origin = ORIGIN_MAPS.exec(field);
  if (origin) return t('invoices.audit.labels.originOf', { field: fieldName(origin[2], t) });
  if (FORM_FIELDS.has(field)) return fieldName(field, t);
  if ((LABELLED_FIELDS as readonly string[]).includes(field)) return t(`invoices.audit.labels.${field}`);
  const nested = /^(\w+)\.(.+)$/.exec(field);
  if (nested && (LABELLED_FIELDS as readonly string[]).includes(nested[1])) return `${t(`invoices.audit.labels.${nested[1]}`)} · ${nested[2]}`;
  return field;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A changed value in words: flags by name, origins by name, yes/no, localised dates and numbers; ∅ absent, — empty. */
export function changeValue(field: string, value: unknown, t: Translate, locale: string, max = 80): string {
  if (value === undefined) return '∅';
  if (value === null || value === '') return '—';
  if (field === 'flags' && typeof value === 'number') {
    const names = (Object.keys(DOCUMENT_FLAGS) as Array<keyof typeof DOCUMENT_FLAGS>).filter((f) => (value & DOCUMENT_FLAGS[f]) !== 0).map((f) => t(`invoices.flags.${f}`));
    return names.length ? names.join(', ') : t('invoices.audit.values.open');
  }
  if ((field === 'origin' || ORIGIN_MAPS.test(field)) && typeof value === 'number') return t(`invoices.origins.${originKey(value)}`, { code: value });
  if (field === 'category' && typeof value === 'string') return t(`invoices.categories.${value}`, { defaultValue: value });
  if (typeof value === 'boolean') return t(value ? 'invoices.audit.values.yes' : 'invoices.audit.values.no');
  if (typeof value === 'number') return formatNumber(value, locale, Number.isInteger(value) ? 0 : 2);
  if (typeof value === 'string') {
    const text = ISO_DATE.test(value) ? formatDate(value, locale) : ISO_TIME.test(value) ? formatDateTime(value, locale) : value;
    return text.length > max ? `${text.slice(0, max - 1)}…` : text;
  }
  const json = JSON.stringify(value);
  return json.length > max ? `${json.slice(0, max - 1)}…` : json;
}
