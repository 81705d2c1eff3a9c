import type { EInvoiceVerdict } from '@portal/contracts';
import { NotAnEInvoice, validateEInvoice } from '@portal/einvoice-validation';
import { findEInvoiceAttachment } from '../einvoice/find-attachment';
import { readEmbeddedFiles } from '../pdf/embedded-files';

export type EInvoiceReason = { en: string; de: string };

/** The verdict on one file, or why the file is no e-invoice the rules can be applied to. */
export type EInvoiceCheck =
  { ok: true; verdict: EInvoiceVerdict; source: 'xml-file' | 'pdf-attachment'; attachment?: string } | { ok: false; reason: EInvoiceReason };

const REASONS = {
  pdfUnreadable: {
    en: 'The PDF file cannot be read, so no embedded e-invoice could be looked for.',
    de: 'Die PDF-Datei ist nicht lesbar; eine eingebettete E-Rechnung konnte nicht gesucht werden.',
  },
  pdfWithoutInvoice: {
    en: 'The PDF carries no embedded e-invoice (no ZUGFeRD, Factur-X or XRechnung XML among its attachments).',
    de: 'Die PDF-Datei enthält keine eingebettete E-Rechnung (kein ZUGFeRD-, Factur-X- oder XRechnung-XML unter ihren Anhängen).',
  },
  unreadable: { en: 'The file could not be checked as an e-invoice.', de: 'Die Datei konnte nicht als E-Rechnung geprüft werden.' },
} satisfies Record<string, EInvoiceReason>;

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).includes('%PDF-');

function verdictOf(xml: string | Uint8Array): EInvoiceCheck | EInvoiceVerdict {
  try {
    const verdict = validateEInvoice(xml);
    return { ...verdict, customization: verdict.customization ?? null };
  } catch (error) {
    return { ok: false, reason: error instanceof NotAnEInvoice ? error.reason : REASONS.unreadable };
  }
}

/**
 * Applies the EN 16931 / XRechnung rules to an uploaded file: an XML file as it is, a PDF through the XML it
 * embeds (ZUGFeRD / Factur-X / XRechnung in PDF). CPU-bound: run it off the event loop (EInvoiceChecker).
 */
export async function checkEInvoiceFile(bytes: Uint8Array): Promise<EInvoiceCheck> {
  if (!isPdf(bytes)) {
    const result = verdictOf(bytes);
    return 'ok' in result ? result : { ok: true, verdict: result, source: 'xml-file' };
  }
  let found;
  try {
    found = findEInvoiceAttachment(await readEmbeddedFiles(bytes));
  } catch {
    return { ok: false, reason: REASONS.pdfUnreadable };
  }
  if (!found) return { ok: false, reason: REASONS.pdfWithoutInvoice };
  const result = verdictOf(found.xml);
  return 'ok' in result ? result : { ok: true, verdict: result, source: 'pdf-attachment', attachment: found.filename };
}
