import type { BlobStore } from '@portal/blob-store';
import type { DocumentRecord, ExportDocumentResult, ExportJob } from '@portal/contracts';
import { documentDecider, documentStreamId, exportJobDecider, exportJobStreamId, type DocumentCommand, type ExportJobCommand } from '@portal/domain';
import { ACC_PERIODS, COMPANY_SETTINGS, DOCUMENTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { subCommandId, type CommandContext } from '@portal/commands';
import type { CommandSender } from '../../platform/domain-command';
import { storeExportArchive } from './export-archive';
import { buildExportBatch, DEFAULT_EXPORT_SETTINGS, type ExportSettings } from './export-batch-builder';
import { csvNameOf, reasonsByDocument, writeExportFile } from './export-file';
import { documentsNamedBy, ExportFailure } from './export-failure';
import { exportWarnings } from './export-warnings';

export interface ExportRunnerDeps {
  reads: Pick<ReadStore, 'get'>;
  blobs: Pick<BlobStore, 'get' | 'putStream'>;
  commands: Pick<CommandSender, 'send'>;
  settings?: ExportSettings;
  now?: () => Date;
  log?: (message: string) => void;
}

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').slice(0, 13);

/**
 * Runs one requested export job: builds the batch from the documents' booking fields, writes the
 * CSV (documents the writer refuses get ERPError with the reason), stores the ZIP with the originals,
 * marks the written documents ERPImported (plus ERPInfo where a value had to change) and completes
 * the job. Any failure records ExportFailed with the reason.
 */
export function exportRunner(deps: ExportRunnerDeps) {
  const now = deps.now ?? (() => new Date());
  const running = new Set<string>();

  const contextOf = (job: ExportJob, step: string): CommandContext => ({
    userId: job.requested_by,
    clientNo: job.client_no,
    commandId: subCommandId(job.id, step),
    correlationId: job.id,
  });
  const sendJob = (job: ExportJob, command: ExportJobCommand) =>
    deps.commands.send(exportJobDecider, exportJobStreamId(job.id), command, contextOf(job, command.type));
  const mark = (job: ExportJob, documentId: number, command: Extract<DocumentCommand, { type: 'RecordErpStatus' }>) =>
    deps.commands.send(documentDecider, documentStreamId(documentId), command, contextOf(job, `${documentId}:${command.status}`));

  async function loadDocuments(job: ExportJob): Promise<DocumentRecord[]> {
    const docs: DocumentRecord[] = [];
    for (const id of job.document_ids) {
      const doc = await deps.reads.get(DOCUMENTS, id);
      if (!doc || doc.client_no !== job.client_no) throw new ExportFailure(`Document ${id} no longer exists.`, [id]);
      docs.push(doc);
    }
    return docs;
  }

  /** The client's ERP numbers (company-settings) over the firm-wide defaults. */
  async function exportSettingsOf(clientNo: number): Promise<ExportSettings> {
    const base = deps.settings ?? DEFAULT_EXPORT_SETTINGS;
    const client = await deps.reads.get(COMPANY_SETTINGS, clientNo);
    return {
      ...base,
      ...(typeof client?.erp_consultant_no === 'number' ? { consultantNumber: client.erp_consultant_no } : {}),
      ...(typeof client?.erp_client_no === 'number' ? { clientNumber: client.erp_client_no } : {}),
    };
  }

  async function work(job: ExportJob): Promise<void> {
    const period = await deps.reads.get(ACC_PERIODS, `${job.client_no}-${job.accounting}`);
    if (!period) throw new ExportFailure(`Accounting period ${job.accounting} of client ${job.client_no} is not open.`, []);
    const docs = await loadDocuments(job);
    const at = now();
    const built = buildExportBatch({
      clientNo: job.client_no,
      period,
      documents: docs,
      createdAt: at.toISOString(),
      settings: await exportSettingsOf(job.client_no),
    });
    const { csv, written, refused } = writeExportFile(job.format, built.batch);
    const reasons = reasonsByDocument([...built.refused, ...refused]);
    const originals = written.bookings.map((booking) => {
      const doc = docs.find((d) => d.id === booking.documentId)!;
      return { documentId: doc.id, invoiceNumber: doc.booking.invoice_number, fileName: doc.file_name, mediaType: doc.media_type, sha256: doc.sha256 };
    });
    const fileSha256 = await storeExportArchive(deps.blobs, csvNameOf(job.format, job.client_no, job.accounting), csv, originals, at);
    const fileName = `export-${job.client_no}-${job.accounting}-${job.format}-${stamp(at)}.zip`;
    const label = `${job.format} export ${fileName}`;
    const results: ExportDocumentResult[] = [];
    for (const doc of docs) {
      const reason = reasons.get(doc.id);
      if (reason !== undefined) {
        await mark(job, doc.id, { type: 'RecordErpStatus', status: 'error', reason });
        results.push({ documentId: doc.id, status: 'error', reason });
        continue;
      }
      await mark(job, doc.id, { type: 'RecordErpStatus', status: 'imported', reason: label });
      const booking = written.bookings.find((b) => b.documentId === doc.id)!;
      const notes = exportWarnings(job.format, booking).join('; ').slice(0, 500);
      if (notes !== '') await mark(job, doc.id, { type: 'RecordErpStatus', status: 'info', reason: notes });
      results.push(notes === '' ? { documentId: doc.id, status: 'imported', reason: label } : { documentId: doc.id, status: 'info', reason: notes });
    }
    await sendJob(job, { type: 'CompleteExport', fileSha256, fileName, count: written.bookings.length, documentResults: results });
  }

  return {
    /** Whether this process is running the job right now. */
    isRunning: (id: string) => running.has(id),
    /** Records a job that no process runs any more (e.g. after a restart) as failed. */
    async abandon(job: ExportJob, reason: string): Promise<void> {
      await sendJob(job, { type: 'FailExport', reason, documentIds: [] });
    },
    /** Runs the job once per process; answers when it is done or failed. */
    async run(job: ExportJob): Promise<void> {
      if (running.has(job.id) || job.status !== 'in progress') return;
      running.add(job.id);
      try {
        await work(job);
      } catch (error) {
        const reason = `The export failed: ${error instanceof Error ? error.message : String(error)}`;
        deps.log?.(`export ${job.id}: ${reason}`);
        await sendJob(job, { type: 'FailExport', reason, documentIds: documentsNamedBy(error, job) }).catch((e: unknown) =>
          deps.log?.(`export ${job.id}: could not record the failure: ${String(e)}`),
        );
      } finally {
        running.delete(job.id);
      }
    },
  };
}

export type ExportRunner = ReturnType<typeof exportRunner>;
