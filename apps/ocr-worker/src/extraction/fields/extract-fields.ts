import type { ExtractedFields } from '@portal/contracts';
import { findBic } from './bic';
import { findCurrency } from './currency';
import { findIbans } from './iban';
import { findDueDate, findInvoiceDate } from './invoice-dates';
import { findInvoiceNumber } from './invoice-number';
import { detectLanguage } from './language';
import { findParties } from './parties';
import { findPaymentReference } from './payment-reference';
import { findTotals } from './totals';
import { findVatIds } from './vat-id';

export interface TextFields {
  fields: ExtractedFields;
  language?: 'de' | 'en';
}

/** Invoice fields from plain text (a PDF text layer or OCR output), German or English, by rules. */
export function extractFieldsFromText(text: string): TextFields {
  const lines = text.split('\n').map((l) => l.replace(/\s+$/, '')).filter((l) => l.trim().length > 0);
  const invoiceDate = findInvoiceDate(lines);
  const { biller, recipient } = findParties(lines, findVatIds(text));
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
  const fields = Object.fromEntries(Object.entries(candidate).filter(([, v]) => v !== undefined)) as ExtractedFields;
  const language = detectLanguage(text);
  return language ? { fields, language } : { fields };
}
