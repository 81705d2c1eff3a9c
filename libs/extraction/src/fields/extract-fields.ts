import type { ExtractedFieldName, ExtractedFields } from '@portal/contracts';
import { readableAmounts } from './amount';
import { findBic } from './bic';
import { findCurrency } from './currency';
import { ibanFromAccount } from './account-number';
import { findIbans, wrappedIban } from './iban';
import { dueDateFromTerms, findDueDate, readInvoiceDate } from './invoice-dates';
import { readInvoiceNumber } from './invoice-number';
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
  const text = readableAmounts(normalizeSlashDates(raw, slashOrder(raw, detectPageLanguage(raw))));
  const lines = text
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l.trim().length > 0);
  const dateReading = readInvoiceDate(lines);
  const invoiceDate = dateReading.iso;
  const found = findVatIds(text);
  const vatIds = source.recognised ? found.filter((v) => v.checksum) : found;
  const { biller, recipient, unsureBillerName } = findParties(lines, vatIds);
  const currency = findCurrency(text);
  const { single, ...totals } = findTotals(lines, currency);
  const numberReading = readInvoiceNumber(lines);
  const invoiceNumber = numberReading.value;
  const candidate: ExtractedFields = {
    invoice_number: invoiceNumber,
    invoice_date: invoiceDate,
    due_date: findDueDate(lines, invoiceDate),
    biller,
    recipient,
    currency,
    ...totals,
    // An IBAN printed wins over one composed from an account number and bank code.
    iban: findIbans(text)[0] ?? wrappedIban(lines) ?? ibanFromAccount(lines),
    bic: findBic(text),
    payment_reference: findPaymentReference(lines, invoiceNumber),
  };
  const read = Object.fromEntries(Object.entries(candidate).filter(([, v]) => v !== undefined)) as ExtractedFields;
  const { fields, confidence, review } = verifyFields(read, lines, { single });
  if (unsureBillerName || vatIds.length < found.length) review.push('biller');
  // Equally sure readings that disagree make the one shown less sure.
  if (fields.invoice_number && numberReading.conflict) confidence.invoice_number = Math.min(confidence.invoice_number ?? 1, 0.8);
  if (fields.invoice_date && dateReading.conflict) confidence.invoice_date = Math.min(confidence.invoice_date ?? 1, 0.8);
  // A policy number stands in for an invoice number the page does not print: shown, but less sure.
  if (fields.invoice_number && numberReading.score < 0.9) confidence.invoice_number = Math.min(confidence.invoice_number ?? 1, 0.75);
  // Printed so, but an id whose check digits fail may be an invented or mistyped one.
  if (fields.biller?.vat_id && !vatIdChecksumValid(fields.biller.vat_id)) confidence.biller = Math.min(confidence.biller ?? 1, 0.8);
  if (!fields.due_date && dueDateFromTerms(lines, fields.invoice_date).ambiguous && !review.includes('due_date')) review.push('due_date');
  const language = detectLanguage(text);
  return language ? { fields, language, confidence, review } : { fields, confidence, review };
}
