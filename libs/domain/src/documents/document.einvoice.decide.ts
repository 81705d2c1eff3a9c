import { countFindings, validityOf, type EInvoiceTerms, type EInvoiceVerdict } from '@portal/contracts';
import { invalid } from '../shared/domain-error';
import type { DocumentEvent } from './document.events';
import type { ExistingDocument } from './document.state';

/** The rules' verdict on the e-invoice of the file `sha256` (the document worker checks every incoming e-invoice). */
export type RecordEInvoiceValidation = { type: 'RecordEInvoiceValidation'; sha256: string; verdict: EInvoiceVerdict };

/** The terms of the current file's e-invoice, read again from the stored file by the reading `version` (EINVOICE_TERMS_VERSION). */
export type RecordEInvoiceTerms = { type: 'RecordEInvoiceTerms'; sha256: string; terms: EInvoiceTerms; version: number };

export const MIN_CONFIRM_REASON = 5;
export const MAX_CONFIRM_REASON = 1000;

/**
 * A verdict counts for the file it was given on: one for a file the document no longer has is dropped, and the
 * same rule set's verdict on the same file is recorded once (a redelivered work item).
 */
export function recordEInvoiceValidation(command: RecordEInvoiceValidation, doc: ExistingDocument): DocumentEvent[] {
  if (command.sha256 !== doc.sha256) return [];
  if (doc.einvoice && doc.einvoice.sha256 === command.sha256 && doc.einvoice.rulesVersion === command.verdict.rulesVersion) return [];
  const { verdict } = command;
  return [
    {
      type: 'DocumentEInvoiceValidated',
      data: { ...verdict, sha256: command.sha256, validity: validityOf(verdict.findings), counts: countFindings(verdict.findings) },
    },
  ];
}

/**
 * Terms read again count only for the file whose e-invoice the extraction read, and only when their reading is
 * newer than the one the document holds: a second start, a redelivered command or a file read meanwhile records nothing.
 */
export function recordEInvoiceTerms(command: RecordEInvoiceTerms, doc: ExistingDocument): DocumentEvent[] {
  const read = doc.einvoiceTerms;
  if (command.sha256 !== doc.sha256 || read?.sha256 !== command.sha256 || read.version >= command.version) return [];
  return [{ type: 'DocumentEInvoiceTermsRead', data: { sha256: command.sha256, terms: command.terms, version: command.version } }];
}

/** True when the document's current file is an e-invoice the rules found fatally wrong. */
export const hasInvalidEInvoice = (doc: ExistingDocument): boolean =>
  doc.einvoice !== null && doc.einvoice.sha256 === doc.sha256 && doc.einvoice.validity === 'invalid';

/**
 * Confirming an e-invoice that breaks the rules needs a reason, which the confirmation keeps for the audit
 * trail; any other document is confirmed without one (a reason given then is not recorded).
 */
export function confirmationReason(doc: ExistingDocument, reason: string | undefined): { invalidEInvoiceReason?: string } {
  if (!hasInvalidEInvoice(doc)) return {};
  const text = (reason ?? '').trim();
  if (text.length < MIN_CONFIRM_REASON)
    throw invalid(`The e-invoice breaks the EN 16931 rules: confirming it needs a reason of at least ${MIN_CONFIRM_REASON} characters.`);
  if (text.length > MAX_CONFIRM_REASON) throw invalid(`The reason must be at most ${MAX_CONFIRM_REASON} characters.`);
  return { invalidEInvoiceReason: text };
}
