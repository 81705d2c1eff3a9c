import type { BookingFieldName, DocumentBookingFields } from './document-fields';

/** Why a field keeps a document from being booked: it is empty, or (currency) the export cannot carry it. */
export type BookingGapKind = 'missing' | 'notEur';

export interface BookingGap {
  field: BookingFieldName;
  kind: BookingGapKind;
}

/**
 * What booking needs, because the DATEV and BMD exports need it: the person account (supplier or customer),
 * the ledger account (expense or revenue), invoice number, date and gross amount, a tax code or a tax rate
 * (the export derives the tax key from either), and EUR (the booking batch is in EUR). Booking refuses what
 * the export would refuse, so a booked document never turns into an import error.
 */
export function bookingGaps(f: DocumentBookingFields): BookingGap[] {
  const gaps: BookingGap[] = [];
  const missing = (field: BookingFieldName) => gaps.push({ field, kind: 'missing' });
  const empty = (v: string | number | null) => v === null || (typeof v === 'string' && v.trim() === '');
  for (const field of ['supplier_account', 'expense_account', 'invoice_number', 'invoice_date', 'gross_amount'] as const) if (empty(f[field])) missing(field);
  if (empty(f.tax_code) && f.tax_rate === null) missing('tax_code');
  if (f.currency !== null && f.currency !== 'EUR') gaps.push({ field: 'currency', kind: 'notEur' });
  return gaps;
}

/** What settings and master data know for an empty account: the client's default expense account, the supplier's account. */
export interface BookingDefaults {
  defaultExpenseAccount: string | null;
  /** The person account master data holds for the document's supplier or customer (by VAT ID, IBAN or name). */
  personAccount: string | null;
}

/** The accounts to fill before booking: only empty ones, only with what is known. */
export function bookingFill(f: DocumentBookingFields, known: BookingDefaults): Partial<DocumentBookingFields> {
  const fill: Partial<DocumentBookingFields> = {};
  if (f.expense_account === null && known.defaultExpenseAccount) fill.expense_account = known.defaultExpenseAccount;
  if (f.supplier_account === null && known.personAccount) fill.supplier_account = known.personAccount;
  return fill;
}
