import type { BlobStore } from '@portal/blob-store';
import type { CommandRuntime } from '@portal/commands';
import { EINVOICE_TERMS_VERSION, ORIGIN, termsVersionOf, type DocumentRecord } from '@portal/contracts';
import { documentDecider, documentStreamId, type RecordEInvoiceTerms } from '@portal/domain';
import type { EInvoiceChecker } from '@portal/extraction';
import { DOCUMENTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { WORKER_USER } from './record-extraction';

const PAGE = 200;

export interface TermsAgainDeps {
  reads: ReadStore;
  blobs: BlobStore;
  runtime: CommandRuntime;
  /** Reads the terms off the event loop. */
  checker: Pick<EInvoiceChecker, 'terms'>;
  log?(message: string): void;
}

/** The e-invoice documents whose terms come from an older reading than the extraction's now (or from none). */
async function documentsWithOlderTerms(reads: ReadStore): Promise<DocumentRecord[]> {
  const older: DocumentRecord[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const page = await reads.find(DOCUMENTS, { where: { origin: ORIGIN.EInvoice_XML, deleted: false }, sort: [['id', 1]], skip, limit: PAGE });
    for (const doc of page.data as unknown as DocumentRecord[]) if (doc.einvoice && termsVersionOf(doc.einvoice) < EINVOICE_TERMS_VERSION) older.push(doc);
    if (page.data.length < PAGE) return older;
  }
}

/**
 * Gives every e-invoice document read before the extraction's present reading of the terms (payment means and
 * terms, references, delivery, attachments with their sizes) those terms, read from its stored file: one
 * RecordEInvoiceTerms per document and file. Safe at every start: the command id and the decider record a reading
 * once, so a second run, another process running it too, or a document extracted meanwhile records nothing.
 * Answers how many documents got their terms.
 */
export async function readEInvoiceTermsAgain(deps: TermsAgainDeps): Promise<number> {
  let recorded = 0;
  for (const doc of await documentsWithOlderTerms(deps.reads)) {
    try {
      const bytes = await deps.blobs.get(doc.sha256);
      const terms = bytes ? await deps.checker.terms(bytes) : null;
      if (!terms) continue;
      const command: RecordEInvoiceTerms = { type: 'RecordEInvoiceTerms', sha256: doc.sha256, terms, version: EINVOICE_TERMS_VERSION };
      const result = await deps.runtime.execute(documentDecider, documentStreamId(doc.id), command, {
        userId: WORKER_USER,
        clientNo: doc.client_no,
        commandId: `einvoice-terms-${doc.id}-${doc.sha256.slice(0, 16)}-v${EINVOICE_TERMS_VERSION}`,
      });
      if (!result.duplicate && result.events.length > 0) recorded++;
    } catch (error) {
      deps.log?.(`reading the e-invoice terms of document ${doc.id} again failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return recorded;
}
