import type { ExtractedFieldName, ExtractedFields } from '@portal/contracts';
import { findBic } from './bic';
import { findCurrency } from './currency';
import { findIbans } from './iban';
import { dueDateFromTerms, findDueDate, findInvoiceDate } from './invoice-dates';
import { findInvoiceNumber } from './invoice-number';
import { detectLanguage, detectPageLanguage } from './language';
import { findParties } from './parties';
import { findPaymentReference } from './payment-reference';
import { findTotals } from './totals';
import { findVatIds, vatIdChecksumValid } from './vat-id';
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

export interface TextSource {
  /** The text came from OCR: a VAT id whose check digits fail was misread, not printed so. */
  recognised?: boolean;
}

/** Invoice fields from plain text (a PDF text layer or OCR output) in de, en, nl, fr or it, by rules. */
export function extractFieldsFromText(raw: string, source: TextSource = {}): TextFields {
  const text = normalizeSlashDates(raw, slashOrder(raw, detectPageLanguage(raw)));
  const lines = text.split('\n').map((l) => l.replace(/\s+$/, '')).filter((l) => l.trim().length > 0);
  const invoiceDate = findInvoiceDate(lines);
  const found = findVatIds(text);
  const vatIds = source.recognised ? found.filter((v) => v.checksum) : found;
  const { biller, recipient, unsureBillerName } = findParties(lines, vatIds);
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
  if (unsureBillerName || vatIds.length < found.length) review.push('biller');
  // Printed so, but an id whose check digits fail may be an invented or mistyped one.
  if (fields.biller?.vat_id && !vatIdChecksumValid(fields.biller.vat_id)) confidence.biller = Math.min(confidence.biller ?? 1, 0.8);
  if (!fields.due_date && dueDateFromTerms(lines, fields.invoice_date).ambiguous && !review.includes('due_date')) review.push('due_date');
  const language = detectLanguage(text);
  return language ? { fields, language, confidence, review } : { fields, confidence, review };
}
