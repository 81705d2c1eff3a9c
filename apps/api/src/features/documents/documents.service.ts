import { randomUUID } from 'node:crypto';
import {
  BadRequest,
  Conflict,
  DOCUMENT_TABS,
  Forbidden,
  hasPermission,
  isPortalError,
  NotFound,
  ORIGIN,
  SERVICES,
  type DocumentTab,
  type User,
  type Where,
} from '@portal/contracts';
import { documentDecider, documentStreamId, requireBookable, type DocumentCommand, type FilingCategory } from '@portal/domain';
import { stepContext, type CommandContext } from '@portal/commands';
import { DOCUMENTS, type StoredDocument } from '@portal/read-models';
import { omitFields, parseQuery, type ReadStore } from '@portal/read-store';
import type { CommandSender } from '../../platform/domain-command';
import { readModelService } from '../../gateway/read-model-service';
import type { CallArgs, CallContext, ServiceDefinition } from '../../gateway/service-definition';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import { ANY_PATCH_PERMISSION, documentPatchSchema, operationOf, PATCH_PERMISSIONS, type DocumentPatchData } from './document-patch';
import { bookingFillOf } from './booking-defaults';
import { DOCUMENT_READERS as READERS, documentScope, mayReadDocument } from './document-read-rule';

const FIELDS = [
  'client_no',
  'category',
  'title',
  'file_name',
  'media_type',
  'size',
  'uploaded_at',
  'updated_at',
  'invoice_number',
  'invoice_date',
  'due_date',
  'biller_name',
  'recipient_name',
  'gross_amount',
  'confirmed',
  'booked',
  'locked',
  'invalid',
  'deleted',
  'extraction',
  'origin',
  'sha256',
  'purge_after',
  'language',
  'payroll',
  'einvoice_validity',
] as const;
const MAX_BULK = 500;

/** Lists and pushes never carry the extracted text (a list leaves it in the store); `get` does. */
const LIST_OMITS = ['text'];
const listRow = (doc: StoredDocument) => omitFields(doc, LIST_OMITS);

/** Spec §4 tabs as filters: the filing categories, the latest uploads, the trash. */
function tabWhere(tab: DocumentTab): Where {
  if (tab === 'Deleted') return { deleted: true };
  if (tab === 'Latest' || tab === 'FullText') return { deleted: false };
  return { category: tab, deleted: false };
}

/**
 * documents: lists per tab with the spec's state filters, sorting and paging, full-text search
 * (query `search`), the single document with its text, and the commands of `patch` (DocumentPatch in
 * libs/contracts: rename, refile, trash, restore, edit fields, confirm, book, mark exported), single or,
 * with id null and `id: {$in: [...]}`, many at once.
 */
export function documentsService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: DOCUMENTS,
    fields: FIELDS,
    defaultLimit: 50,
    maxLimit: 1000,
    clientField: 'client_no',
    read: [...READERS],
    present: listRow,
    extraKeys: ['tab', 'search'],
  });

  /** Outgoing invoices are listed only for users with lar (or accounting staff). */

  const visible = async (user: User, id: string | number | null) => {
    const doc = await base.load(user, id).catch(() => null);
    if (!doc || !mayReadDocument(user, doc)) throw NotFound('document does not exist or access denied');
    return doc;
  };

  const find = async (context: CallContext, args: CallArgs) => {
    const { query, extras } = parseQuery(args.query, { fields: FIELDS, defaultLimit: 50, maxLimit: 1000, extraKeys: ['tab', 'search'] });
    const { tab, search } = extras;
    if (tab !== undefined && !(DOCUMENT_TABS as readonly unknown[]).includes(tab)) throw BadRequest(`Unknown tab '${String(tab)}'.`);
    if (search !== undefined && (typeof search !== 'string' || search.length > 200)) throw BadRequest('search must be a text of at most 200 characters.');
    const parts: Where[] = [query.where];
    if (tab !== undefined) parts.push(tabWhere(tab as DocumentTab));
    const scope = documentScope(context.user);
    if (scope) parts.push(scope);
    const where: Where = { $and: parts };
    if (typeof search === 'string' && search.trim() !== '') {
      const page = await store.search(DOCUMENTS, { text: search, where, skip: query.skip, limit: query.limit, omit: LIST_OMITS });
      return { ...page, data: page.data.map((hit) => ({ ...hit.doc, snippet: hit.snippet, rank: hit.rank })) };
    }
    if (tab === 'FullText') return { total: 0, limit: query.limit, skip: query.skip, data: [] };
    const sort = query.sort.length > 0 ? query.sort : ([['uploaded_at', -1]] as Array<[string, 1 | -1]>);
    return store.find(DOCUMENTS, { ...query, where, sort, omit: LIST_OMITS });
  };

  /** The commands of one patch, each with the origin code its events carry (spec §3). */
  const commandsOf = (data: DocumentPatchData): Array<{ command: DocumentCommand; originCode?: number }> => {
    if ('action' in data) {
      if (data.action === 'label') {
        const { field, box, text, value } = data;
        return [{ command: { type: 'LabelField', labelId: data.label_id ?? randomUUID(), field, box, text, value }, originCode: ORIGIN.Human_Labeling }];
      }
      if (data.action === 'undo-label') return [{ command: { type: 'UndoLabel', labelId: data.label_id }, originCode: ORIGIN.Human_Labeling }];
      if (data.action === 'confirm')
        return [{ command: { type: 'ConfirmDocument', ...(data.reason === undefined ? {} : { reason: data.reason }) }, originCode: ORIGIN.Human_Confirmation }];
      if (data.action === 'book') return [{ command: { type: 'BookDocument' }, originCode: ORIGIN.Human_Booking }];
      return [{ command: { type: 'RecordErpStatus', status: data.status, reason: data.reason } }];
    }
    if ('payroll' in data) return [{ command: { type: 'MarkPayroll', payroll: data.payroll } }];
    if ('fields' in data) {
      const { title, category, ...fields } = data.fields;
      const command: DocumentCommand = {
        type: 'EditDocumentFields',
        fields,
        ...(title === undefined ? {} : { title }),
        ...(category === undefined ? {} : { category: category as FilingCategory }),
      };
      return [{ command, originCode: ORIGIN.Human_Labeling }];
    }
    const steps: DocumentCommand[] = [];
    if (data.deleted === false) steps.push({ type: 'RestoreDocument' });
    if (data.title !== undefined) steps.push({ type: 'RenameDocument', title: data.title });
    if (data.category !== undefined) steps.push({ type: 'ClassifyDocument', category: data.category as FilingCategory });
    if (data.deleted === true) steps.push({ type: 'MoveDocumentToTrash' });
    return steps.map((command) => ({ command }));
  };

  /** Booking first fills the empty accounts that settings and master data already know, then books. */
  const withBookingFill = async (data: DocumentPatchData, doc: StoredDocument) => {
    const steps = commandsOf(data);
    if (!('action' in data) || data.action !== 'book' || doc.booked) return steps;
    const fields = await bookingFillOf(store, doc);
    // Refused before anything is written: a booking that fails changes no field.
    if (doc.confirmed && !doc.deleted) requireBookable({ ...doc.booking, ...fields });
    if (Object.keys(fields).length === 0) return steps;
    return [{ command: { type: 'EditDocumentFields', fields } satisfies DocumentCommand, originCode: ORIGIN.Human_Booking }, ...steps];
  };

  /** A lost race answers Conflict with the newer state, so the caller can show it instead of overwriting it. */
  const send = async (documentId: number, command: DocumentCommand, context: CommandContext) => {
    try {
      await commands.send(documentDecider, documentStreamId(documentId), command, context);
    } catch (error) {
      if (!isPortalError(error) || error.name !== 'Conflict') throw error;
      const current = await store.get(DOCUMENTS, documentId);
      throw Conflict(error.message, { ...(error.data as object | undefined), revision: current?.revision, current: current && listRow(current) });
    }
  };

  const change = async (context: CallContext, id: string | number | null, data: DocumentPatchData) => {
    const doc = await visible(context.user, id);
    const rule = PATCH_PERMISSIONS[operationOf(data, doc.confirmed === true)];
    if (!hasPermission(context.user, ...rule.anyOf)) throw Forbidden(`${rule.what} needs the permission ${rule.anyOf.join(' or ')}.`);
    const documentId = doc.id as number;
    const ctx = commandContextOf(context, doc.client_no as number);
    for (const [i, { command, originCode }] of (await withBookingFill(data, doc)).entries()) {
      // Only the first step can check the revision the caller saw; each later one follows the previous.
      const step = i === 0 ? ctx : stepContext(ctx, i);
      await send(documentId, command, originCode === undefined ? step : { ...step, originCode });
    }
    return (await store.get(DOCUMENTS, documentId)) ?? doc;
  };

  /** id null: every id of `query.id.$in` (multi-select in the lists). */
  const targets = (args: CallArgs): Array<string | number> => {
    if (args.id !== null) return [args.id];
    const ids = (args.query.id as { $in?: unknown } | undefined)?.$in;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_BULK || !ids.every((i) => typeof i === 'number' || typeof i === 'string')) {
      throw BadRequest(`Several documents are changed with id null and query { id: { $in: [...] } } (1 to ${MAX_BULK} ids).`);
    }
    return ids as Array<string | number>;
  };

  const many = async (context: CallContext, args: CallArgs, data: DocumentPatchData) => {
    const results: unknown[] = [];
    for (const id of targets(args)) results.push(await change(context, id, data));
    return args.id === null ? results : results[0];
  };

  return {
    path: SERVICES.documents,
    mirror: { ...base.mirror, visibleTo: mayReadDocument },
    methods: {
      find: { anyOf: [...READERS], run: find },
      get: { anyOf: [...READERS], run: async (context, args) => visible(context.user, args.id) },
      patch: { anyOf: ANY_PATCH_PERMISSION, run: (context, args) => many(context, args, validate(documentPatchSchema, args.data, 'document change')) },
      remove: { anyOf: ['doc'], run: (context, args) => many(context, args, { deleted: true }) },
    },
  };
}
