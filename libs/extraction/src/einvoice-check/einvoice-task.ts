import type { EInvoiceTerms } from '@portal/contracts';
import type { EInvoiceAttachmentContent } from '../einvoice/attachment-content';
import { einvoiceAttachmentOfFile, einvoiceTermsOfFile } from '../einvoice/einvoice-file';
import { checkEInvoiceFile, type EInvoiceCheck } from './check-einvoice-file';

/** What the e-invoice thread does with a file: check it against the rules, read its terms, or take out an embedded attachment. */
export type EInvoiceTask = { kind: 'check' } | { kind: 'terms' } | { kind: 'attachment'; index: number };

export interface EInvoiceTaskResults {
  check: EInvoiceCheck;
  terms: EInvoiceTerms | null;
  attachment: EInvoiceAttachmentContent | null;
}

/** Runs one task on a file (in the thread, or inline where the thread file is absent). */
export function runEInvoiceTask(bytes: Uint8Array, task: EInvoiceTask): Promise<EInvoiceTaskResults[EInvoiceTask['kind']]> {
  switch (task.kind) {
    case 'check':
      return checkEInvoiceFile(bytes);
    case 'terms':
      return einvoiceTermsOfFile(bytes);
    case 'attachment':
      return einvoiceAttachmentOfFile(bytes, task.index);
  }
}
