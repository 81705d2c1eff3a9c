import type { StoredExportJob } from '@portal/contracts';
import { documentsNamedByFailure, EXPORT_JOB_EVENT_TYPES, type ExportJobEvent, domainEventOf, isPayrollExport } from '@portal/domain';
import { collectionSpecs, EXPORT_JOBS, put } from '@portal/read-models';
import type { ChangeIntent, Projection, ProjectionView } from '../runtime/projection';
import { PAYROLL_MARK_EVENTS, PayrollMarks } from './payroll-marks';

const payrollDocuments = new PayrollMarks('export_payroll_documents');

/** The jobs that exported a document remarked as payroll (or not) keep its id among their payroll documents. */
async function followPayrollMark(recorded: Parameters<Projection['project']>[0], view: ProjectionView): Promise<ChangeIntent[]> {
  const { documentId, payroll, remarked, changes } = await payrollDocuments.track(recorded, view);
  const clientNo = recorded.metadata.clientNo;
  if (!remarked || clientNo === null) return changes;
  const jobs = await view.findWhere(EXPORT_JOBS, { client_no: clientNo });
  for (const job of jobs.filter((j) => j.document_ids.includes(documentId) && j.payroll_document_ids.includes(documentId) !== payroll)) {
    const ids = payroll ? [...job.payroll_document_ids, documentId] : job.payroll_document_ids.filter((id) => id !== documentId);
    changes.push(put(EXPORT_JOBS, { ...job, ...payrollOf(job.document_ids, ids) }));
  }
  return changes;
}

/** A job of payroll documents only is itself payroll: without dpv it does not exist. */
const payrollOf = (documentIds: readonly number[], payrollIds: number[]) => ({
  payroll_document_ids: payrollIds,
  payroll: isPayrollExport(documentIds, (id) => payrollIds.includes(id)),
});

async function payrollIdsOf(view: ProjectionView, ids: readonly number[]): Promise<number[]> {
  const payroll: number[] = [];
  for (const id of ids) if (await payrollDocuments.isPayroll(view, id)) payroll.push(id);
  return payroll;
}

/** export_jobs: one record per ERP export job (`erp-exports`), status in progress → done | failed. */
export const exportJobsProjection: Projection = {
  name: 'export-jobs',
  // 2: the payroll documents of each job. 3: the documents a failure reason names.
  version: 3,
  collections: [...collectionSpecs(EXPORT_JOBS), { name: payrollDocuments.collection, indexes: [] }],
  handles: [...EXPORT_JOB_EVENT_TYPES, ...PAYROLL_MARK_EVENTS],
  async project(recorded, view) {
    if (recorded.type.startsWith('Document')) return followPayrollMark(recorded, view);
    const event = domainEventOf<ExportJobEvent>(recorded);
    const at = recorded.metadata.time;
    if (event.type === 'ExportRequested') {
      const d = event.data;
      const job: StoredExportJob = {
        id: d.exportId,
        client_no: d.client_no,
        accounting: d.accounting,
        format: d.format,
        status: 'in progress',
        document_ids: d.documentIds,
        ...payrollOf(d.documentIds, await payrollIdsOf(view, d.documentIds)),
        requested_by: d.requestedBy,
        requested_at: at,
        finished_at: null,
        count: null,
        file_name: null,
        file_sha256: null,
        document_results: [],
        reason: null,
        reason_document_ids: [],
        revision: recorded.revision,
        updated_at: at,
      };
      return [put(EXPORT_JOBS, { ...job })];
    }
    const id = recorded.streamId.replace(/^export-/, '');
    const current = await view.get(EXPORT_JOBS, id);
    if (!current) return [];
    const next = { ...current, revision: recorded.revision, updated_at: at, finished_at: at };
    if (event.type === 'ExportCompleted') {
      const d = event.data;
      return [
        put(EXPORT_JOBS, { ...next, status: 'done', count: d.count, file_name: d.fileName, file_sha256: d.fileSha256, document_results: d.documentResults }),
      ];
    }
    return [put(EXPORT_JOBS, { ...next, status: 'failed', reason: event.data.reason, reason_document_ids: documentsNamedByFailure(event.data) })];
  },
};
