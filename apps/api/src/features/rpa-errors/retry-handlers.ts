import type { Bus } from '@portal/bus';
import { BadRequest, Unprocessable, type RpaErrorRecord } from '@portal/contracts';
import { documentDecider, documentStreamId } from '@portal/domain';
import { DOCUMENT_UPLOADED_TOPIC, type DocumentWorkItem } from '@portal/messages';
import { DOCUMENTS, EXPORT_JOBS, FON_IMPORTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import type { CallContext, ServiceDefinition } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { commandContextOf } from '../command-context';

/**
 * Runs a failed automated step again, per failure kind. A feature that contributes a failure kind
 * (projector: rpa-errors/failure-sources.ts) and can repeat its step adds a handler here; kinds without one
 * are shown without the Retry button (the failure source says `retryable: false`).
 */
export type RetryHandler = (error: RpaErrorRecord, call: CallContext) => Promise<void>;

export interface RetryDeps {
  reads: ReadStore;
  commands: CommandSender;
  bus: Bus;
  /** The erp-exports service: a retried ERP import is a new export of the same client and period. */
  erpExports: ServiceDefinition;
  /** The fon-imports service: a retried FinanzOnline fetch is a new fetch with the same FON user and tax year. */
  fonImports: ServiceDefinition;
}

/** Extraction: the document's extraction is reset (RetryExtraction) and its file queued for the worker again. */
function retryExtraction(deps: RetryDeps): RetryHandler {
  return async (error, call) => {
    const doc = error.document_id === null ? null : await deps.reads.get(DOCUMENTS, error.document_id);
    if (!doc) throw Unprocessable('The document no longer exists.');
    const outcome = await deps.commands.send(
      documentDecider,
      documentStreamId(doc.id),
      { type: 'RetryExtraction' },
      { ...commandContextOf(call, doc.client_no), expectedRevision: undefined },
    );
    const attempt = (outcome.events[0]?.data as { attempt?: number } | undefined)?.attempt ?? 1;
    const item: DocumentWorkItem = {
      documentId: doc.id,
      clientNo: doc.client_no,
      sha256: doc.sha256,
      mediaType: doc.media_type,
      fileName: doc.file_name,
      attempt,
      priority: 'person',
    };
    await deps.bus.publish(DOCUMENT_UPLOADED_TOPIC, [{ key: String(doc.id), value: item }]);
  };
}

/** ERP: a new export of the client and period the refused (or failed) export covered; the refused documents are in it again. */
function retryExport(deps: RetryDeps): RetryHandler {
  return async (error, call) => {
    const job = error.ref ? await deps.reads.get(EXPORT_JOBS, error.ref) : null;
    let data: Record<string, unknown>;
    if (job) {
      data = { client_no: job.client_no, accounting: job.accounting, format: job.format };
    } else {
      // Marked as an ERP error by hand: the period of the document's invoice date, in the client's format.
      const doc = error.document_id === null ? null : await deps.reads.get(DOCUMENTS, error.document_id);
      const year = Number((doc?.booking.invoice_date ?? '').slice(0, 4));
      if (!doc || !year) throw Unprocessable('The export this failure came from is not known; start an export from the invoice screen.');
      data = { client_no: doc.client_no, accounting: year };
    }
    const create = deps.erpExports.methods.create;
    if (!create) throw BadRequest('ERP exports cannot be started here.');
    await create.run(call, { id: null, data, query: {} });
  };
}

/**
 * FON: a failed FinanzOnline fetch runs again with the same web-service user and tax year (a new import job; the
 * user's current PIN). A failed file import is not retried here: the person imports the file again.
 */
function retryFonFetch(deps: RetryDeps): RetryHandler {
  return async (error, call) => {
    const job = error.ref ? await deps.reads.get(FON_IMPORTS, error.ref) : null;
    if (!job || job.source !== 'fon-webservice' || !job.fon_user_id)
      throw Unprocessable('A file import is retried by importing the file again on the FON monitoring screen.');
    const create = deps.fonImports.methods.create;
    if (!create) throw BadRequest('FON imports cannot be started here.');
    await create.run(call, { id: null, data: { fon_user_id: job.fon_user_id, tax_year: job.tax_year }, query: {} });
  };
}

export function retryHandlers(deps: RetryDeps): Readonly<Record<string, RetryHandler>> {
  const extraction = retryExtraction(deps);
  const erp = retryExport(deps);
  return {
    extraction_failed: extraction,
    extraction_broken: extraction,
    erp_import_refused: erp,
    erp_export_failed: erp,
    fon_import_failed: retryFonFetch(deps),
  };
}
