import { createHash, randomUUID } from 'node:crypto';
import {
  BadRequest,
  Conflict,
  EXPORT_FORMATS,
  mayAccessClient,
  NotFound,
  SERVICES,
  Unprocessable,
  type AccountSystem,
  type ExportFormat,
  type ExportJob,
  type StoredExportJob,
  type User,
} from '@portal/contracts';
import { exportFailureReasonFor, exportJobDecider, exportJobStreamId } from '@portal/domain';
import { ACC_PERIODS, COMPANY_SETTINGS, EXPORT_JOBS, PORTAL_CONFIG } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { CallContext, ServiceDefinition } from '../../gateway/service-definition';
import { readModelService } from '../../gateway/read-model-service';
import type { CommandSender } from '../../platform/domain-command';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import { mayReadPayrollMarked, maySeePayroll, payrollAudience, payrollScope } from '../documents/document-read-rule';
import { documentsToExport } from './export-selection';
import type { ExportRunner } from './export-runner';

export const EXPORT_PERMISSIONS = ['exp', 'acc'] as const;
const FIELDS = ['client_no', 'accounting', 'format', 'status', 'requested_at', 'requested_by', 'finished_at', 'count'] as const;
/** A job in progress this long, and not running in this process, was interrupted (a restart) and is failed. */
export const STALE_EXPORT_MS = 10 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const createSchema = z.strictObject({
  client_no: z.number().int().positive(),
  accounting: z.number().int().min(1990).max(2100),
  format: z.enum(EXPORT_FORMATS).optional(),
});

export const parseExportId = (raw: string | number) => {
  const id = String(raw);
  if (!UUID.test(id)) throw BadRequest(`Invalid id '${id}'.`);
  return id;
};

/** With a commandId, a retried create names the same export (idempotent); otherwise a new one. */
function exportIdOf(context: CallContext): string {
  if (context.commandId === undefined) return randomUUID();
  const h = createHash('sha256').update(`${context.user.keycloakId}:erp-export:${context.commandId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * What one user sees of a job: without dpv its payroll documents are not there — not among its
 * documents, its results, its count of bookings nor in a failure reason that names one — and its file, which
 * holds their bookings and originals, is not offered (GET /api/exports/:id/file answers 404).
 */
export function exportJobFor(user: User, doc: StoredExportJob): ExportJob {
  const { payroll_document_ids: payrollIds = [], payroll: _payroll, reason_document_ids: named = [], ...job } = doc;
  if (payrollIds.length === 0 || maySeePayroll(user)) return job;
  const hidden = new Set(payrollIds);
  const hiddenBookings = job.document_results.filter((r) => hidden.has(r.documentId) && r.status !== 'error').length;
  return {
    ...job,
    document_ids: job.document_ids.filter((id) => !hidden.has(id)),
    document_results: job.document_results.filter((r) => !hidden.has(r.documentId)),
    count: job.count === null ? null : job.count - hiddenBookings,
    file_name: null,
    file_sha256: null,
    reason: job.reason === null ? null : exportFailureReasonFor(job.reason, named, (id) => hidden.has(id)),
  };
}

/**
 * erp-exports: the export jobs of spec §4 ("Import status: in progress, failed"). find by client
 * and get (exp or acc, client scope); create `{ client_no, accounting, format? }` (exp or acc)
 * answers the job in progress and runs it right after; `erp-exports patched` follows when it is
 * done or failed. The file is GET /api/exports/:id/file.
 */
export function erpExportsService(store: ReadStore, commands: CommandSender, runner: ExportRunner): ServiceDefinition {
  const base = readModelService(store, {
    collection: EXPORT_JOBS,
    fields: FIELDS,
    defaultLimit: 20,
    maxLimit: 200,
    clientField: 'client_no',
    read: [...EXPORT_PERMISSIONS],
    parseId: parseExportId,
    rule: { scope: payrollScope, mayRead: mayReadPayrollMarked },
  });

  const formatOf = async (clientNo: number, requested: ExportFormat | undefined): Promise<ExportFormat> => {
    if (requested) return requested;
    const settings = await store.get(COMPANY_SETTINGS, clientNo);
    const config = await store.get(PORTAL_CONFIG, 'portal');
    return (settings?.account_system ?? config?.defaultAccountSystem ?? 'DATEV') as AccountSystem;
  };

  /** One request per client and period at a time in this process, so two clicks cannot export the same documents twice. */
  const queues = new Map<string, Promise<unknown>>();
  const oneAtATime = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const result = (queues.get(key) ?? Promise.resolve()).then(work, work);
    const settled = result.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => queues.get(key) === settled && queues.delete(key));
    return result;
  };

  const create = async (context: CallContext, raw: Record<string, unknown> | null) => {
    const data = validate(createSchema, raw, 'export');
    return oneAtATime(`${data.client_no}-${data.accounting}`, () => request(context, data));
  };

  const refuseWhileBusy = async (clientNo: number, accounting: number) => {
    const busy = await store.find(EXPORT_JOBS, { where: { client_no: clientNo, accounting, status: 'in progress' }, sort: [], skip: 0, limit: 10 });
    for (const job of busy.data) {
      const stale = !runner.isRunning(job.id) && Date.now() - Date.parse(job.requested_at) > STALE_EXPORT_MS;
      if (!stale) throw Conflict(`An export of client ${clientNo} for ${accounting} is already in progress.`, { id: job.id });
      await runner.abandon(job, 'The export was interrupted (the server restarted); start it again.');
    }
  };

  const request = async (context: CallContext, data: z.infer<typeof createSchema>) => {
    if (!mayAccessClient(context.user, data.client_no)) throw NotFound(`No record found for id '${data.client_no}'`);
    const period = await store.get(ACC_PERIODS, `${data.client_no}-${data.accounting}`);
    if (!period) throw Unprocessable(`Accounting period ${data.accounting} is not open.`);
    const exportId = exportIdOf(context);
    const existing = await store.get(EXPORT_JOBS, exportId);
    if (existing) return exportJobFor(context.user, existing);
    await refuseWhileBusy(data.client_no, data.accounting);
    const documentIds = await documentsToExport(store, data.client_no, period, { withPayroll: maySeePayroll(context.user) });
    if (documentIds.length === 0) throw Unprocessable(`No booked documents of client ${data.client_no} in ${data.accounting} are waiting for export.`);
    const format = await formatOf(data.client_no, data.format);
    await commands.send(
      exportJobDecider,
      exportJobStreamId(exportId),
      { type: 'RequestExport', exportId, clientNo: data.client_no, accounting: data.accounting, format, documentIds, requestedBy: context.user.keycloakId },
      { ...commandContextOf(context, data.client_no), expectedRevision: undefined },
    );
    const job = await store.get(EXPORT_JOBS, exportId);
    if (!job) throw Unprocessable('The export was requested but is not visible yet; look it up in a moment.', { id: exportId });
    setImmediate(() => void runner.run(job));
    return exportJobFor(context.user, job);
  };

  return {
    path: SERVICES.erpExports,
    mirror: { ...base.mirror, presentFor: (user, job) => exportJobFor(user, job as StoredExportJob), audienceOf: payrollAudience },
    methods: {
      find: {
        anyOf: base.find.anyOf,
        async run(context, args) {
          const page = (await base.find.run(context, args)) as { data: StoredExportJob[] };
          return { ...page, data: page.data.map((job) => exportJobFor(context.user, job)) };
        },
      },
      get: { anyOf: base.get.anyOf, run: async (context, args) => exportJobFor(context.user, (await base.get.run(context, args)) as StoredExportJob) },
      create: { anyOf: [...EXPORT_PERMISSIONS], run: (context, args) => create(context, args.data) },
    },
  };
}
