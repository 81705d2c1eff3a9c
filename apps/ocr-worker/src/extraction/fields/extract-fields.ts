import type { ExtractedFieldName, ExtractedFields } from '@portal/contracts';
import { findBic } from './bic';
import { findCurrency } from './currency';
import { findIbans } from './iban';
import { dueDateFromTerms, findDueDate, findInvoiceDate } from './invoice-dates';
import { findInvoiceNumber } from './invoice-number';
import { detectLanguage } from './language';
import { findParties } from './parties';
import { findPaymentReference } from './payment-reference';
import { findTotals } from './totals';
import { findVatIds } from './vat-id';
import { normalizeSlashDates, slashOrder } from './slash-dates';
import { verifyFields, type Confidence } from './verify';

export interface TextFields {
  fields: ExtractedFields;
  language?: 'de' | 'en';
  /** 0–1 per field shown. */
  confidence: Confidence;
  /** Fields left empty because what the page seemed to say did not check out. */
  review: ExtractedFieldName[];
}

/** Invoice fields from plain text (a PDF text layer or OCR output), German or English, by rules. */
export function extractFieldsFromText(raw: string): TextFields {
  const text = normalizeSlashDates(raw, slashOrder(raw, detectLanguage(raw)));
  const lines = text.split('\n').map((l) => l.replace(/\s+$/, '')).filter((l) => l.trim().length > 0);
  const invoiceDate = findInvoiceDate(lines);
  const { biller, recipient, unsureBillerName } = findParties(lines, findVatIds(text));
  const currency = findCurrency(text);
  const invoiceNumber = findInvoiceNumber(lines);
  const candidate: ExtractedFields = {
    invoice_number: invoiceNumber,
    invoice_date: invoiceDate,
    due_date: findDueDate(lines, invoiceDate),
    biller,
    recipient,
    currency,
    ...findTotals(lines, currency),
    iban: findIbans(text)[0],
    bic: findBic(text),
    payment_reference: findPaymentReference(lines, invoiceNumber),
  };
  const read = Object.fromEntries(Object.entries(candidate).filter(([, v]) => v !== undefined)) as ExtractedFields;
  const { fields, confidence, review } = verifyFields(read, lines);
  if (unsureBillerName) review.push('biller');
  if (!fields.due_date && dueDateFromTerms(lines, fields.invoice_date).ambiguous && !review.includes('due_date')) review.push('due_date');
  const language = detectLanguage(text);
  return language ? { fields, language, confidence, review } : { fields, confidence, review };
}
