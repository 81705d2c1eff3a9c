import { VALIDATION_MESSAGES, type BookingFieldName, type DocumentBookingFields, type FieldIssue, type ValidationKey } from '@portal/contracts';
import { isSixDigits, isValidIban } from '../accounting/account.rules';

const DATE_FIELDS: readonly BookingFieldName[] = ['invoice_date', 'date_received', 'due_date', 'discount_due_date', 'accrual_start', 'accrual_end'];
/** Rounding differences up to one cent are not an error. */
const TOLERANCE = 0.005;

const cents = (n: number) => Math.round(n * 100) / 100;
const money = (n: number) => cents(n).toFixed(2);

const isDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

function issue(
  field: BookingFieldName,
  key: ValidationKey,
  severity: FieldIssue['severity'],
  blocksConfirm: boolean,
  params?: FieldIssue['params'],
  detail?: string,
): FieldIssue {
  const message = detail ? `${VALIDATION_MESSAGES[key]} (${detail})` : VALIDATION_MESSAGES[key];
  return { field, key, message, severity, blocksConfirm, ...(params ? { params } : {}) };
}

/**
 * The validation rules over a document's fields. Format errors (IBAN, six-digit
 * accounts, dates) refuse an edit; "Sum incorrect" is shown but blocks only confirming and
 * booking; a tax amount differing from the calculated one is flagged and blocks nothing, as
 * per-line rounding on real invoices legitimately differs.
 */
export function validateBookingFields(f: DocumentBookingFields): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (f.iban !== null && !isValidIban(f.iban)) issues.push(issue('iban', 'ibanInvalid', 'error', true));
  for (const field of ['supplier_account', 'expense_account'] as const) {
    const value = f[field];
    if (value !== null && !isSixDigits(value)) issues.push(issue(field, 'sixDigits', 'error', true));
  }
  for (const field of DATE_FIELDS) {
    const value = f[field];
    if (typeof value === 'string' && !isDate(value)) issues.push(issue(field, 'dateInvalid', 'error', true));
  }
  if (f.accrual_start && f.accrual_end && isDate(f.accrual_start) && isDate(f.accrual_end) && f.accrual_end < f.accrual_start) {
    issues.push(issue('accrual_end', 'accrualOrder', 'error', true));
  }
  // A cash discount is a reward for paying early: its last day cannot come after the invoice is due.
  if (f.discount_due_date && f.due_date && isDate(f.discount_due_date) && isDate(f.due_date) && f.discount_due_date > f.due_date) {
    issues.push(issue('discount_due_date', 'discountAfterDue', 'error', true));
  }
  if (f.net_amount !== null && f.tax_amount !== null && f.gross_amount !== null) {
    const sum = cents(f.net_amount + f.tax_amount);
    const difference = cents(f.gross_amount - sum);
    if (Math.abs(difference) > TOLERANCE)
      issues.push(issue('gross_amount', 'sumIncorrect', 'warning', true, { sum, difference }, `sum ${money(sum)}, difference ${money(difference)}`));
  }
  if (f.net_amount !== null && f.tax_amount !== null && f.tax_rate !== null) {
    const expected = cents((f.net_amount * f.tax_rate) / 100);
    const difference = cents(f.tax_amount - expected);
    if (Math.abs(difference) > 0.01 + TOLERANCE)
      issues.push(
        issue('tax_amount', 'taxDiffers', 'warning', false, { expected, difference }, `expected ${money(expected)}, difference ${money(difference)}`),
      );
  }
  return issues;
}

export const blockingIssues = (issues: FieldIssue[]) => issues.filter((i) => i.blocksConfirm);
export const formatErrors = (issues: FieldIssue[]) => issues.filter((i) => i.severity === 'error');
