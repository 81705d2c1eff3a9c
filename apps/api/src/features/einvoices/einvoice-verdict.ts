import { BadRequest, type EInvoiceVerdict } from '@portal/contracts';
import type { EInvoiceChecker } from '@portal/extraction';

/**
 * The rules' verdict on one file (XML, or a PDF with an embedded invoice), checked in the checker's thread;
 * a file that is no e-invoice is a BadRequest saying why (in English, with German and English in `data.reason`).
 * Nothing is stored.
 */
export async function verdictOnFile(checker: EInvoiceChecker, bytes: Uint8Array): Promise<EInvoiceVerdict> {
  if (bytes.byteLength === 0) throw BadRequest('The file is empty.');
  const check = await checker.check(bytes);
  if (!check.ok) throw BadRequest(`This file is no e-invoice: ${check.reason.en}`, { reason: check.reason });
  return check.verdict;
}
