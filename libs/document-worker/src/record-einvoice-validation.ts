import type { CommandRuntime } from '@portal/commands';
import type { ExtractionResult } from '@portal/contracts';
import { documentDecider, documentStreamId, type RecordEInvoiceValidation } from '@portal/domain';
import type { EInvoiceChecker } from '@portal/extraction';
import type { DocumentWorkItem } from '@portal/messages';
import { WORKER_USER } from './record-extraction';

/** An XML file always; a PDF when the reader found an e-invoice in it or it names embedded or associated files. */
export function mayCarryEInvoice(item: Pick<DocumentWorkItem, 'mediaType'>, bytes: Buffer, extracted: Pick<ExtractionResult, 'einvoice'>): boolean {
  if (/xml/i.test(item.mediaType)) return true;
  if (item.mediaType !== 'application/pdf') return false;
  return extracted.einvoice !== undefined || bytes.includes('/EmbeddedFiles') || bytes.includes('/AF');
}

/**
 * Checks an incoming file's e-invoice against the EN 16931 / XRechnung rules (in the checker's thread) and
 * records the verdict on the document, one per file and rule set. A file that is no e-invoice gets none.
 */
export async function recordEInvoiceValidation(
  deps: { runtime: CommandRuntime; checker: EInvoiceChecker },
  item: DocumentWorkItem,
  bytes: Buffer,
  extracted: Pick<ExtractionResult, 'einvoice'>,
): Promise<boolean> {
  if (!mayCarryEInvoice(item, bytes, extracted)) return false;
  const check = await deps.checker.check(bytes);
  if (!check.ok) return false;
  const command: RecordEInvoiceValidation = { type: 'RecordEInvoiceValidation', sha256: item.sha256, verdict: check.verdict };
  await deps.runtime.execute(documentDecider, documentStreamId(item.documentId), command, {
    userId: WORKER_USER,
    clientNo: item.clientNo,
    commandId: `einvoice-validation-${item.documentId}-${item.sha256.slice(0, 16)}-${check.verdict.rulesVersion}`.slice(0, 200),
  });
  return true;
}
