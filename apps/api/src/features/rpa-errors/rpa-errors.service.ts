import { Conflict, SERVICES, Unprocessable, type Paginated, type RpaErrorRecord, type StoredRpaErrorRecord, type User, type Where } from '@portal/contracts';
import { HIDDEN_EXPORT_FAILURE, rpaErrorDecider, rpaErrorStreamId } from '@portal/domain';
import { RPA_ERRORS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import { readModelService } from '../../gateway/read-model-service';
import type { CallContext, ServiceDefinition } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import type { RetryHandler } from './retry-handlers';
import { mayReadPayrollMarked, maySeePayroll, payrollAudience, payrollScope } from '../documents/document-read-rule';
import { clientReachScope, reachesRecordClient } from '../users/administrator-reach';

const FIELDS = ['status', 'kind', 'client_no', 'document_id', 'last_failed_at', 'first_failed_at', 'attempts', 'resolved_at'] as const;

const patchSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('retry') }),
  z.strictObject({ action: z.literal('resolve'), remark: z.string().max(2000) }),
]);

/**
 * Which failures an administrator sees: those of its own clients (reachesClient: a firm-wide failure only with
 * every client) and, without dpv, none of a payroll subject (a payroll document, an export of payroll documents
 * only, like its job). The others are NotFound to find, get and patch.
 */
const FAILURE_READ_RULE = {
  scope(user: User): Where | null {
    const parts = [clientReachScope(user, 'client_no'), payrollScope(user)].filter((w): w is Where => w !== null);
    return parts.length === 0 ? null : parts.length === 1 ? parts[0]! : { $and: parts };
  },
  mayRead: (user: User, record: RpaErrorRecord): boolean => reachesRecordClient(user, record.client_no) && mayReadPayrollMarked(user, record),
};

/** What a reader who may not see a document the reason names reads instead, by kind. */
const HIDDEN_REASONS: Readonly<Record<string, string>> = { erp_export_failed: HIDDEN_EXPORT_FAILURE };

/** One failure as one user sees it: without dpv, a reason that names a payroll document is not shown. */
export function failureFor(user: User, stored: unknown): RpaErrorRecord {
  const { reason_document_ids: _named, reason_payroll: reasonPayroll, ...record } = stored as StoredRpaErrorRecord;
  if (reasonPayroll !== true || maySeePayroll(user)) return record;
  return { ...record, reason: HIDDEN_REASONS[record.kind] ?? 'The step failed.' };
}

/**
 * rpa-errors (adm): every failed automated step (extraction, ERP import, bank import, FON import, scanner
 * intake, ...), newest first by default; filters status, kind, client_no. patch `{ action: 'retry' }` runs the
 * step again (kinds with a retry handler), `{ action: 'resolve', remark }` marks it resolved.
 */
export function rpaErrorsService(store: ReadStore, commands: CommandSender, handlers: Readonly<Record<string, RetryHandler>>): ServiceDefinition {
  const base = readModelService(store, {
    collection: RPA_ERRORS,
    fields: FIELDS,
    defaultLimit: 50,
    maxLimit: 500,
    clientField: null,
    read: ['adm'],
    parseId: (raw) => String(raw),
    rule: FAILURE_READ_RULE,
  });

  const open = async (context: CallContext, id: string | number | null): Promise<RpaErrorRecord> => {
    const record = await base.load(context.user, id);
    if (record.status !== 'open') throw Conflict('The failure is already resolved.', { status: record.status, resolution: record.resolution });
    return record;
  };

  return {
    path: SERVICES.rpaErrors,
    mirror: { ...base.mirror, presentFor: failureFor, audienceOf: payrollAudience },
    methods: {
      find: {
        anyOf: ['adm'],
        async run(context, args) {
          const page = (await base.find.run(context, { ...args, query: { $sort: { last_failed_at: -1 }, ...args.query } })) as Paginated<StoredRpaErrorRecord>;
          return { ...page, data: page.data.map((record) => failureFor(context.user, record)) };
        },
      },
      get: { anyOf: ['adm'], run: async (context, args) => failureFor(context.user, await base.get.run(context, args)) },
      patch: {
        anyOf: ['adm'],
        async run(context, args) {
          const action = validate(patchSchema, args.data, 'action');
          const record = await open(context, args.id);
          const ctx = { ...commandContextOf(context, record.client_no), expectedRevision: undefined };
          if (action.action === 'resolve') {
            await commands.send(rpaErrorDecider, rpaErrorStreamId(record.id), { type: 'ResolveRpaError', errorId: record.id, remark: action.remark }, ctx);
          } else {
            const handler = handlers[record.kind];
            if (!record.retryable || !handler) throw Unprocessable(`A failure of kind ${record.kind} cannot be retried from here.`);
            await commands.send(rpaErrorDecider, rpaErrorStreamId(record.id), { type: 'RequestRpaRetry', errorId: record.id }, ctx);
            await handler(record, context);
          }
          return failureFor(context.user, await base.get.run(context, { id: record.id, data: null, query: {} }));
        },
      },
    },
  };
}
