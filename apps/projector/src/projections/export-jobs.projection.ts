import type { ExportJob } from '@portal/contracts';
import { EXPORT_JOB_EVENT_TYPES, type ExportJobEvent } from '@portal/domain';
import type { Projection } from '../runtime/projection';

export const EXPORT_JOBS = 'export_jobs';

/** export_jobs: one record per ERP export job (`erp-exports`), status in progress → done | failed. */
export const exportJobsProjection: Projection = {
  name: 'export-jobs',
  version: 1,
  collections: [{ name: EXPORT_JOBS, indexes: [['client_no', 'requested_at'], ['client_no', 'accounting', 'status']] }],
  handles: EXPORT_JOB_EVENT_TYPES,
  async project(recorded, view) {
    const event = recorded as unknown as ExportJobEvent;
    const at = recorded.metadata.time;
    if (event.type === 'ExportRequested') {
      const d = event.data;
      const job: ExportJob = {
        id: d.exportId,
        client_no: d.client_no,
        accounting: d.accounting,
        format: d.format,
        status: 'in progress',
        document_ids: d.documentIds,
        requested_by: d.requestedBy,
        requested_at: at,
        finished_at: null,
        count: null,
        file_name: null,
        file_sha256: null,
        document_results: [],
        reason: null,
        revision: recorded.revision,
        updated_at: at,
      };
      return [{ op: 'put', collection: EXPORT_JOBS, doc: { ...job } }];
    }
    const id = recorded.streamId.replace(/^export-/, '');
    const current = await view.get(EXPORT_JOBS, id);
    if (!current) return [];
    const next = { ...current, revision: recorded.revision, updated_at: at, finished_at: at };
    if (event.type === 'ExportCompleted') {
      const d = event.data;
      return [{ op: 'put', collection: EXPORT_JOBS, doc: { ...next, status: 'done', count: d.count, file_name: d.fileName, file_sha256: d.fileSha256, document_results: d.documentResults } }];
    }
    return [{ op: 'put', collection: EXPORT_JOBS, doc: { ...next, status: 'failed', reason: event.data.reason } }];
  },
};
