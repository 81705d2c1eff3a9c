import {
  BOOKING_FIELD_NAMES,
  DOCUMENT_FLAGS,
  bookingGaps,
  type BookingFieldName,
  type DocumentBookingFields,
  type ErpStatus,
  type FieldIssue,
} from '@portal/contracts';
import { normalizeIban } from '../accounting/account.rules';
import { conflict, invalid } from '../shared/domain-error';
import type { DocumentEvent, FieldChanges, FilingCategory } from './document.events';
import { isConfirmed, isLocked, type ExistingDocument } from './document.state';
import { blockingIssues, formatErrors, validateBookingFields } from './booking-validation.rules';

export type EditDocumentFields = { type: 'EditDocumentFields'; fields: Partial<DocumentBookingFields>; title?: string; category?: FilingCategory };
export type RecordErpStatus = { type: 'RecordErpStatus'; status: ErpStatus; reason: string };

const TEXT_LIMIT = 200;
const NUMBER_FIELDS = new Set<BookingFieldName>(['net_amount', 'tax_amount', 'gross_amount', 'tax_rate', 'discount_percent']);
const ENUM_VALUES: Partial<Record<BookingFieldName, readonly string[]>> = {
  payment_method: ['transfer', 'direct_debit', 'cash', 'card', 'other'],
  document_type: ['PS', 'FS', 'DP'],
};

/** A typed value as stored: trimmed text or null, IBAN in electronic format, amounts in cents. */
function normalize(name: BookingFieldName, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (NUMBER_FIELDS.has(name)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(`${name} must be a number.`);
    if ((name === 'tax_rate' || name === 'discount_percent') && (value < 0 || value > 100)) throw invalid(`${name} must be a percentage between 0 and 100.`);
    return Math.round(value * 100) / 100;
  }
  if (typeof value !== 'string') throw invalid(`${name} must be a text.`);
  const text = value.trim();
  if (text === '') return null;
  if (text.length > TEXT_LIMIT) throw invalid(`${name} must be at most ${TEXT_LIMIT} characters.`);
  const allowed = ENUM_VALUES[name];
  if (allowed && !allowed.includes(text)) throw invalid(`${name} must be one of ${allowed.join(', ')}.`);
  if (name === 'iban') return normalizeIban(text);
  if (name === 'currency' || name === 'tax_code') return text.toUpperCase();
  return text;
}

const describe = (issues: FieldIssue[]) => issues.map((i) => i.message).join('; ');

/**
 * Edits until the document is booked. Format errors of the changed fields refuse the edit (422 with
 * `issues`); a confirmed document is corrected only into a state that could be confirmed again.
 */
export function editFields(
  command: EditDocumentFields,
  doc: ExistingDocument,
  renameTo: (title: string) => DocumentEvent[],
  fileUnder: (category: FilingCategory) => DocumentEvent[],
): DocumentEvent[] {
  if (isLocked(doc)) throw conflict('A booked document cannot be changed.');
  const next = { ...doc.fields };
  const changes: FieldChanges = {};
  for (const [name, raw] of Object.entries(command.fields) as Array<[BookingFieldName, unknown]>) {
    if (!BOOKING_FIELD_NAMES.includes(name)) throw invalid(`Unknown field ${name}.`);
    if (raw === undefined) continue;
    const value = normalize(name, raw);
    if (value === doc.fields[name]) continue;
    Object.assign(changes, { [name]: { old: doc.fields[name], new: value } });
    Object.assign(next, { [name]: value });
  }
  const issues = validateBookingFields(next);
  const refused = formatErrors(issues).filter((i) => i.field in changes);
  if (refused.length > 0) throw invalid(describe(refused), { issues: refused });
  const correction = isConfirmed(doc);
  if (correction && Object.keys(changes).length > 0) {
    const blocking = blockingIssues(issues);
    if (blocking.length > 0) throw invalid(`A confirmed document must stay consistent: ${describe(blocking)}`, { issues: blocking });
  }
  const events: DocumentEvent[] = [];
  if (command.title !== undefined) events.push(...renameTo(command.title));
  if (command.category !== undefined) events.push(...fileUnder(command.category));
  if (Object.keys(changes).length > 0) events.push({ type: 'DocumentFieldsEdited', data: { changes, correction } });
  return events;
}

/** Confirming and booking need fields without blocking issues ("Sum incorrect" is shown while editing, then blocks here). */
export function requireConsistent(doc: ExistingDocument, action: string): void {
  const blocking = blockingIssues(validateBookingFields(doc.fields));
  if (blocking.length > 0) throw invalid(`Cannot ${action}: ${describe(blocking)}`, { issues: blocking });
}

/** English names of the fields booking needs, for the server's message (the web names them from `gaps`). */
const GAP_NAMES: Partial<Record<BookingFieldName, string>> = {
  supplier_account: 'the supplier or customer account',
  expense_account: 'the expense or revenue account',
  invoice_number: 'the invoice number',
  invoice_date: 'the invoice date',
  gross_amount: 'the gross amount',
  tax_code: 'a tax code or tax rate',
  currency: 'EUR as currency',
};

/** Booking refuses what the DATEV and BMD exports would refuse, naming each gap (422 with `gaps`). */
export function requireBookable(fields: DocumentBookingFields): void {
  const gaps = bookingGaps(fields);
  if (gaps.length > 0) throw invalid(`Cannot book: the export needs ${gaps.map((g) => GAP_NAMES[g.field] ?? g.field).join(', ')}.`, { gaps });
}

export function recordErpStatus(command: RecordErpStatus, doc: ExistingDocument): DocumentEvent[] {
  if (!['imported', 'error', 'info'].includes(command.status)) throw invalid('status must be imported, error or info.');
  const reason = command.reason.trim();
  if (reason.length > 500) throw invalid('The reason must be at most 500 characters.');
  if (command.status !== 'imported' && reason === '') throw invalid('An import error or note needs a reason.');
  if (!isConfirmed(doc)) throw conflict('Only confirmed documents can be marked as imported.');
  const imported = (doc.flags & DOCUMENT_FLAGS.ERPImported) !== 0;
  if (imported && command.status === 'imported') return [];
  if (imported && command.status === 'error') throw conflict('The document is already imported; an import error cannot be recorded for it.');
  return [{ type: 'DocumentErpStatusRecorded', data: { status: command.status, reason } }];
}
