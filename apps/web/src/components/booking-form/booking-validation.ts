import type { FieldIssue } from '@portal/contracts';
import { VALIDATION_MESSAGES } from '@portal/contracts';
import type { EditableField, FieldValues } from './booking-values';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/** A finding of the form: the server's FieldIssue shape, or a local one on title/category/number input. */
export interface FormIssue {
  field: EditableField;
  key: FieldIssue['key'] | 'numberInvalid' | 'required';
  severity: FieldIssue['severity'];
  blocksConfirm: boolean;
  params?: Record<string, number | string>;
}

const DATE_FIELDS: readonly EditableField[] = ['invoice_date', 'date_received', 'due_date', 'discount_due_date', 'accrual_start', 'accrual_end'];
const TOLERANCE = 0.005;
const cents = (n: number) => Math.round(n * 100) / 100;

export function isSixDigits(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** ISO 13616 by ibantools: the country's length and format and the check digits. */
export function isValidIban(value: string): boolean {
  return isValidIBAN(electronicFormatIBAN(value) ?? '');
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

const issue = (
  field: EditableField,
  key: FormIssue['key'],
  severity: FormIssue['severity'],
  blocksConfirm: boolean,
  params?: FormIssue['params'],
): FormIssue => ({
  field,
  key,
  severity,
  blocksConfirm,
  ...(params ? { params } : {}),
});

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * Spec 5 on the values being edited, as the server checks them (libs/domain document.validation):
 * IBAN, six-digit accounts, dates, accrual order are errors; "Sum incorrect" (with sum and difference)
 * warns and blocks confirming; a tax amount differing from the calculated one is flagged only.
 */
export function validateValues(v: FieldValues): FormIssue[] {
  const issues: FormIssue[] = [];
  const iban = str(v.iban);
  if (iban !== null && !isValidIban(iban)) issues.push(issue('iban', 'ibanInvalid', 'error', true));
  for (const field of ['supplier_account', 'expense_account'] as const) {
    const value = str(v[field]);
    if (value !== null && !isSixDigits(value)) issues.push(issue(field, 'sixDigits', 'error', true));
  }
  for (const field of DATE_FIELDS) {
    const value = str(v[field]);
    if (value !== null && !isIsoDate(value)) issues.push(issue(field, 'dateInvalid', 'error', true));
  }
  const start = str(v.accrual_start);
  const end = str(v.accrual_end);
  if (start && end && isIsoDate(start) && isIsoDate(end) && end < start) issues.push(issue('accrual_end', 'accrualOrder', 'error', true));
  const due = str(v.due_date);
  const discountDue = str(v.discount_due_date);
  if (due && discountDue && isIsoDate(due) && isIsoDate(discountDue) && discountDue > due)
    issues.push(issue('discount_due_date', 'discountAfterDue', 'error', true));
  const net = num(v.net_amount);
  const tax = num(v.tax_amount);
  const gross = num(v.gross_amount);
  const rate = num(v.tax_rate);
  if (net !== null && tax !== null && gross !== null) {
    const sum = cents(net + tax);
    const difference = cents(gross - sum);
    if (Math.abs(difference) > TOLERANCE) issues.push(issue('gross_amount', 'sumIncorrect', 'warning', true, { sum, difference }));
  }
  if (net !== null && tax !== null && rate !== null) {
    const expected = cents((net * rate) / 100);
    const difference = cents(tax - expected);
    if (Math.abs(difference) > 0.01 + TOLERANCE) issues.push(issue('tax_amount', 'taxDiffers', 'warning', false, { expected, difference }));
  }
  return issues;
}

/** Server issues (FieldIssue) in the form's shape. */
export function fromServer(issues: readonly FieldIssue[]): FormIssue[] {
  return issues.filter((i) => i.key in VALIDATION_MESSAGES).map((i) => issue(i.field, i.key, i.severity, i.blocksConfirm, i.params));
}
