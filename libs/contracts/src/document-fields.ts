import type { FilingCategoryCode, OriginCode } from './documents';

/** Document types of spec §4: partial statement, final settlement, down payment. */
export const DOCUMENT_TYPES = ['PS', 'FS', 'DP'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const PAYMENT_METHODS = ['transfer', 'direct_debit', 'cash', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The fields of a document a reviewer checks and corrects (spec §3), first filled from the
 * extraction. Dates YYYY-MM-DD; amounts in the invoice currency; rates and discount in percent.
 */
export interface DocumentBookingFields {
  subject: string | null;
  invoice_number: string | null;
  biller: string | null;
  recipient: string | null;
  invoice_date: string | null;
  date_received: string | null;
  currency: string | null;
  net_amount: number | null;
  tax_amount: number | null;
  gross_amount: number | null;
  tax_rate: number | null;
  tax_code: string | null;
  cost_center: string | null;
  payment_method: PaymentMethod | null;
  due_date: string | null;
  discount_percent: number | null;
  discount_due_date: string | null;
  accrual_start: string | null;
  accrual_end: string | null;
  payment_reference: string | null;
  iban: string | null;
  /** Six digits: the supplier (or customer) account of acc-suppliers. */
  supplier_account: string | null;
  /** Six digits: an expense account of acc-exp-acc. */
  expense_account: string | null;
  document_type: DocumentType | null;
}

export type BookingFieldName = keyof DocumentBookingFields;

export const BOOKING_FIELD_NAMES: readonly BookingFieldName[] = [
  'subject',
  'invoice_number',
  'biller',
  'recipient',
  'invoice_date',
  'date_received',
  'currency',
  'net_amount',
  'tax_amount',
  'gross_amount',
  'tax_rate',
  'tax_code',
  'cost_center',
  'payment_method',
  'due_date',
  'discount_percent',
  'discount_due_date',
  'accrual_start',
  'accrual_end',
  'payment_reference',
  'iban',
  'supplier_account',
  'expense_account',
  'document_type',
];

/**
 * Validation texts of spec §5. `key` is what the web translates (en and de resource files);
 * `message` is the English text the server sends.
 */
export const VALIDATION_MESSAGES = {
  ibanInvalid: 'IBAN invalid',
  sixDigits: 'Six digits required',
  sumIncorrect: 'Sum incorrect',
  taxDiffers: 'Tax amount differs from the calculated value',
  dateInvalid: 'Date invalid',
  accrualOrder: 'Accrual end is before accrual start',
  discountAfterDue: 'The cash discount date is after the due date; it can be on the due date at the latest',
} as const;
export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

/**
 * One finding on a document's fields. `error`s refuse the edit; `warning`s are stored on the record,
 * shown next to the field, and block confirming and booking when `blocksConfirm` is set.
 * params: sumIncorrect { sum, difference }, taxDiffers { expected, difference }.
 */
export interface FieldIssue {
  field: BookingFieldName;
  key: ValidationKey;
  message: string;
  severity: 'error' | 'warning';
  blocksConfirm: boolean;
  params?: Record<string, number | string>;
}

export type ErpStatus = 'imported' | 'error' | 'info';

/**
 * `documents patch` data shapes. The caller sends the revision it last saw as query `revision`;
 * a different current revision answers Conflict (409) with data `{ revision, current }`.
 * - `{ title?, category?, deleted? }`: rename, refile, trash, restore (doc)
 * - `{ fields }`: edit until booked; unconfirmed: app, acc or lab; confirmed (a correction): app.
 *   Format errors answer Unprocessable (422) with data `{ issues: FieldIssue[] }`.
 * - `{ action: 'confirm' }`: app (origin Human_Confirmation 12); refused (422) while a blocking issue remains
 * - `{ action: 'book' }`: acc (origin Human_Booking 13); confirmed documents only
 * - `{ action: 'mark-exported', status, reason }`: exp; sets ERPImported (and Booked), ERPError or ERPInfo
 */
export type DocumentPatch =
  | { title?: string; category?: FilingCategoryCode; deleted?: boolean }
  | { fields: Partial<DocumentBookingFields> & { title?: string; category?: FilingCategoryCode } }
  /** `reason`: why an invalid e-invoice is confirmed all the same (required then). */
  | { action: 'confirm'; reason?: string }
  | { action: 'book' }
  | { action: 'mark-exported'; status: ErpStatus; reason: string };

/** What the documents record adds for the work screen. */
export interface DocumentWorkState {
  booking: DocumentBookingFields;
  /** Where each value came from (spec §3 origin codes: extraction, Human_Labeling 9, ...). */
  booking_origins: Partial<Record<BookingFieldName, OriginCode>>;
  issues: FieldIssue[];
  erp_status: ErpStatus | null;
  erp_reason: string | null;
  confirmed_by: string | null;
  booked_by: string | null;
}
