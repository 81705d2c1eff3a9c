import type { ExportBatch, ExportBooking } from '@portal/contracts';

export interface BookingIssue {
  documentId: number;
  field: string;
  message: string;
}

/** A batch a writer cannot turn into a valid file; `issues` name each document and field, for the ERPError reason. */
export class ExportBatchError extends Error {
  constructor(readonly issues: BookingIssue[]) {
    super(`Export batch refused: ${issues.map((i) => `document ${i.documentId} ${i.field}: ${i.message}`).join('; ')}`);
    this.name = 'ExportBatchError';
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const cents = (amount: number) => Math.round(amount * 100);
const hasCents = (amount: number) => Number.isFinite(amount) && Math.abs(amount * 100 - cents(amount)) < 1e-6;

export const bookingDateOf = (b: ExportBooking) => b.bookingDate ?? b.invoiceDate;

/** Batch-level and per-booking checks both writers share; throws ExportBatchError listing every problem. */
export function checkBatch(batch: ExportBatch): void {
  const issues: BookingIssue[] = [];
  for (const [field, value] of [
    ['fiscalYearStart', batch.fiscalYearStart],
    ['periodStart', batch.periodStart],
    ['periodEnd', batch.periodEnd],
  ] as const) {
    if (!isDate(value)) issues.push({ documentId: 0, field, message: `${value} is not a date (YYYY-MM-DD)` });
  }
  if (batch.periodStart.slice(0, 4) !== batch.periodEnd.slice(0, 4))
    issues.push({ documentId: 0, field: 'periodEnd', message: 'a batch covers one financial year' });
  for (const b of batch.bookings) {
    const problem = (field: string, message: string) => issues.push({ documentId: b.documentId, field, message });
    if (!(b.gross > 0) || !hasCents(b.gross) || cents(b.gross) > 999_999_999_999) problem('gross', `${b.gross} is not a positive amount with two decimals`);
    if (!(b.tax >= 0) || !hasCents(b.tax) || b.tax > b.gross) problem('tax', `${b.tax} is not a tax amount between 0 and the gross amount`);
    if (!isDate(b.invoiceDate)) problem('invoiceDate', `${b.invoiceDate} is not a date`);
    const booked = bookingDateOf(b);
    if (!isDate(booked) || booked < batch.periodStart || booked > batch.periodEnd)
      problem('bookingDate', `${booked} is outside the period ${batch.periodStart} to ${batch.periodEnd}`);
    if (b.invoiceNumber.trim() === '') problem('invoiceNumber', 'is empty');
    for (const [field, account] of [
      ['personAccount', b.personAccount],
      ['ledgerAccount', b.ledgerAccount],
    ] as const) {
      if (!Number.isSafeInteger(account) || account <= 0 || String(account).length > 9)
        problem(field, `${account} is not an account number of up to nine digits`);
    }
  }
  if (issues.length > 0) throw new ExportBatchError(issues);
}
