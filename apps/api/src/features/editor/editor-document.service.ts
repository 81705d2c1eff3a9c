import { FILING_CATEGORY_CODES, PAGE_ROTATIONS, SERVICES, type EditorDocumentRecord } from '@portal/contracts';
import type { BlobStore } from '@portal/blob-store';
import type { Bus } from '@portal/bus';
import type { EventStore } from '@portal/event-store';
import { EDITOR_DOCUMENTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import { readModelService } from '../../gateway/read-model-service';
import type { CallArgs, CallContext, ServiceDefinition } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { validate } from '../validate';
import { EDITOR_READ_RULE, EditorAccess, wholeId } from './editor-access';
import { EditorActions } from './editor-actions';
import { EditorCompletion } from './editor-complete';

const position = z.number().int().min(0).max(100_000);
const id = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);
const rotation = z.union(PAGE_ROTATIONS.map((r) => z.literal(r)) as [z.ZodLiteral<0>, z.ZodLiteral<90>, z.ZodLiteral<180>, z.ZodLiteral<270>]);
const title = z.string().max(500);

const actionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('arrange'), pages: z.array(z.strictObject({ from: position, rotation })).max(5000) }),
  z.strictObject({
    action: z.literal('split'),
    parts: z
      .array(z.strictObject({ positions: z.array(position).max(5000), title: title.optional() }))
      .min(1)
      .max(500),
  }),
  z.strictObject({ action: z.literal('merge'), items: z.array(id).min(1).max(100) }),
  z.strictObject({
    action: z.literal('addPages'),
    sourceKind: z.enum(['editor', 'document']),
    sourceId: id,
    positions: z.array(position).min(1).max(5000).optional(),
    at: position.optional(),
  }),
  z.strictObject({ action: z.literal('renameDocument'), title }),
  z.strictObject({ action: z.literal('move'), client_no: id.optional(), category: z.enum(FILING_CATEGORY_CODES).optional() }),
  z.strictObject({ action: z.literal('completeDocument') }),
  z.strictObject({ action: z.literal('discard'), reason: z.string().max(500).optional() }),
  z.strictObject({ action: z.literal('undo'), revision: z.number().int().min(0) }),
]);
const createSchema = z.strictObject({ documentId: id });

export interface EditorDocumentServiceDeps {
  reads: ReadStore;
  events: EventStore;
  blobs: BlobStore;
  bus: Bus;
  commands: CommandSender;
  /** Tells the viewers of a client that an item moved away to another client (pushes follow the new client only). */
  notifyLeft(clientNo: number, record: EditorDocumentRecord): void;
}

export const EDITOR_FIELDS = [
  'id',
  'client_no',
  'category',
  'title',
  'kind',
  'status',
  'is_processed_documents_accumulator',
  'received_at',
  'updated_at',
  'page_count',
  'channel',
  'scanner_id',
  'from_id',
  'target_document_id',
  'document_id',
  'sha256',
  'revision',
] as const;

/**
 * editor-document (spec §7): the document editor's inbox per client and its drafts. find/get for `ded`
 * (the badge: find with is_processed_documents_accumulator null); create opens an unconfirmed document's
 * pages as a working copy; patch carries one editor action (spec §4: move, merge, addPages,
 * completeDocument, renameDocument; plus arrange, split, discard and undo).
 */
export function editorDocumentService(deps: EditorDocumentServiceDeps): ServiceDefinition {
  const base = readModelService(deps.reads, {
    collection: EDITOR_DOCUMENTS,
    fields: EDITOR_FIELDS,
    defaultLimit: 50,
    maxLimit: 500,
    clientField: 'client_no',
    read: ['ded'],
    rule: EDITOR_READ_RULE,
  });
  const access = new EditorAccess(deps.reads, deps.events);
  const actions = new EditorActions(access, deps.blobs, deps.commands);
  const completion = new EditorCompletion(access, deps.blobs, deps.bus, deps.commands);

  const current = async (context: CallContext, itemId: number) => base.present((await access.item(context.user, itemId)) as never);

  async function patch(context: CallContext, args: CallArgs) {
    const record = await access.item(context.user, wholeId(args.id));
    const data = validate(actionSchema, args.data, 'editor action');
    switch (data.action) {
      case 'arrange':
        await actions.send(context, record, { type: 'ArrangeEditorPages', pages: data.pages });
        break;
      case 'split':
        await actions.split(context, record, data.parts);
        break;
      case 'merge':
        await actions.merge(context, record, data.items);
        break;
      case 'addPages':
        await actions.addPages(context, record, {
          kind: data.sourceKind,
          id: data.sourceId,
          ...(data.positions ? { positions: data.positions } : {}),
          ...(data.at === undefined ? {} : { at: data.at }),
        });
        break;
      case 'renameDocument':
        await actions.send(context, record, { type: 'RenameEditorDocument', title: data.title });
        break;
      case 'move': {
        const clientNo = data.client_no ?? record.client_no;
        if (clientNo !== record.client_no) await access.company(context.user, clientNo);
        await actions.send(context, record, { type: 'MoveEditorDocument', clientNo, category: data.category ?? null });
        if (clientNo !== record.client_no) {
          const moved = (await deps.reads.get(EDITOR_DOCUMENTS, record.id))!;
          deps.notifyLeft(record.client_no, moved);
          return base.present(moved as never);
        }
        break;
      }
      case 'completeDocument':
        await completion.complete(context, record);
        break;
      case 'discard':
        await actions.send(context, record, { type: 'DiscardEditorDocument', reason: data.reason ?? 'Discarded', onlyUntouched: false });
        break;
      case 'undo':
        await actions.undo(context, record, data.revision);
        break;
    }
    return current(context, record.id);
  }

  return {
    path: SERVICES.editorDocument,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      create: {
        anyOf: ['ded'],
        async run(context, args) {
          const { documentId } = validate(createSchema, args.data, 'working copy');
          return current(context, await actions.openDocument(context, documentId));
        },
      },
      patch: { anyOf: ['ded'], run: patch },
    },
  };
}
