import { DocumentWorker, rpaSuggestionHook, WORKER_USER } from '@portal/document-worker';
import { SERVICES } from '@portal/contracts';
import { DOCUMENT_PROGRESS_TOPIC, type DocumentProgress } from '@portal/messages';
import { DOCUMENTS } from '@portal/read-models';
import type { BusSubscription } from '@portal/bus';
import type { Feature, FeatureDeps } from '../feature';
import { mayReadDocument } from './document-read-rule';
import { documentsRouter } from './documents.routes';
import { documentsService } from './documents.service';
import { ocrRouter } from './ocr.routes';
import { TrashPurge } from './trash-purge';
import { UploadService } from './upload.service';

/**
 * Documents: the service, uploads and file downloads, the extraction's progress pushed to those who may read
 * the document, the document worker when this process extracts (role ocrWorker) and the trash purge.
 */
export function documentsFeature(deps: FeatureDeps): Feature & { uploads: UploadService } {
  const { config, reads, blobs, bus, log } = deps;
  const uploads = new UploadService(reads, blobs, bus, deps.commands, config.maxUploadBytes);
  const worker = config.roles.ocrWorker
    ? new DocumentWorker(bus, blobs, deps.runtime, { log: (m) => log.warn(m), suggest: rpaSuggestionHook(reads, deps.runtime, WORKER_USER), reads })
    : null;
  const purge = config.roles.api ? new TrashPurge(reads, blobs, deps.runtime) : null;
  let progress: BusSubscription | null = null;
  return {
    name: 'documents',
    uploads,
    services: [documentsService(reads, deps.commands)],
    routers: [
      documentsRouter(deps.authenticator, uploads, reads, blobs, deps.diskUploads, deps.uploadSizes, deps.events, deps.einvoiceChecker),
      ocrRouter(deps.authenticator, deps.diskUploads, config.maxUploadBytes),
    ],
    async start() {
      progress = await bus.subscribe<DocumentProgress>(DOCUMENT_PROGRESS_TOPIC, `api-${config.instanceId}`, (m) => {
        deps.metrics.extraction(m.value);
        // A payroll document's progress reaches only users who may see it.
        return reads
          .get(DOCUMENTS, m.value.documentId)
          .then((doc) => deps.gateway.emitCustom(SERVICES.documents, 'progress', m.value.client_no, m.value, (user) => !doc || mayReadDocument(user, doc)));
      });
      await worker?.start();
      purge?.start();
      if (!worker) return;
      const recovered = await worker.recoverPending(reads);
      if (recovered > 0) log.log(`Queued ${recovered} documents for extraction`);
      // Once the read models stand at the head: e-invoices read before the present reading of their terms get them from their files.
      void (async () => {
        if (!(await deps.caughtUp())) return;
        const read = await worker.readEInvoiceTermsAgain(reads);
        if (read > 0) log.log(`Read the terms of ${read} e-invoices again from their files`);
      })().catch((e: unknown) => log.error(`e-invoice terms after start: ${String(e)}`));
    },
    async stop() {
      purge?.stop();
      await progress?.close();
      await worker?.stop();
    },
  };
}
