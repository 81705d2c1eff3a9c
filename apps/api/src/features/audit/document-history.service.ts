import { BadRequest, SERVICES, type DerivedDocument, type User } from '@portal/contracts';
import { documentStreamId } from '@portal/domain';
import type { EventStore, RecordedEvent } from '@portal/event-store';
import { DOCUMENTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { validate } from '../validate';
import { DOCUMENT_READERS, documentNotFound, mayReadDocument } from './document-access';
import { documentAsOf, documentDiff, documentTimeline } from './document-audit';
import { replayDocument } from './document-replay';
import { userLookup } from './user-names';

/** Document ids and revisions: non-negative safe integers, as numbers or digit strings. */
const whole = z.union([
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

const findSchema = z
  .strictObject({
    documentId: whole,
    kinds: z.union([z.string().max(40), z.array(z.string().max(40)).max(20)]).optional(),
    from: whole.optional(),
    to: whole.optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), 'from and to are given together')
  .refine((q) => q.from === undefined || q.kinds === undefined, 'kinds filters the timeline, not a diff');

const getSchema = z.strictObject({ asOf: whole.optional() });

/**
 * document-history: the audit timeline of one document, read from its event stream.
 * - find `{ documentId, kinds? }`: DocumentHistory (every event, who/when/why, fields old → new, hash chain verdict)
 * - find `{ documentId, from, to }`: DocumentDiff between the states after two revisions
 * - get id = documentId, `{ asOf? }`: DocumentAsOf, the record right after that revision (default: the last)
 * Readers of the document only; another client's document is NotFound.
 */
export function documentHistoryService(events: EventStore, store: ReadStore): ServiceDefinition {
  /** The stream of a document this user may read; visibility follows the read model, or the last recorded state once purged. */
  const readable = async (user: User, documentId: number): Promise<RecordedEvent[]> => {
    const current = await store.get(DOCUMENTS, documentId);
    if (current && !mayReadDocument(user, current)) throw documentNotFound();
    const stream = await events.readStream(documentStreamId(documentId));
    if (stream.length === 0) throw documentNotFound();
    if (!current) {
      const lastKnown = (await replayDocument(documentId, stream)).reverse().find((s) => s.record !== null)?.record;
      if (!lastKnown || !mayReadDocument(user, lastKnown)) throw documentNotFound();
    }
    return stream;
  };

  const inRange = (stream: readonly RecordedEvent[], name: string, revision: number) => {
    const last = stream.length - 1;
    if (revision > last) throw BadRequest(`${name} must be a revision from 0 to ${last}.`);
    return revision;
  };

  return {
    path: SERVICES.documentHistory,
    methods: {
      find: {
        anyOf: DOCUMENT_READERS,
        async run(context, args) {
          const query = validate(findSchema, args.query, 'history query');
          const stream = await readable(context.user, query.documentId);
          if (query.from !== undefined && query.to !== undefined) {
            return documentDiff(query.documentId, stream, inRange(stream, 'from', query.from), inRange(stream, 'to', query.to));
          }
          const kinds = query.kinds === undefined ? undefined : Array.isArray(query.kinds) ? query.kinds : [query.kinds];
          const current = (await store.get(DOCUMENTS, query.documentId)) as { derived?: DerivedDocument[] } | null;
          return { ...(await documentTimeline(query.documentId, stream, userLookup(store), kinds)), derived: current?.derived ?? [] };
        },
      },
      get: {
        anyOf: DOCUMENT_READERS,
        async run(context, args) {
          const documentId = validate(whole, args.id, 'document id');
          const { asOf } = validate(getSchema, args.query, 'history query');
          const stream = await readable(context.user, documentId);
          return documentAsOf(documentId, stream, asOf === undefined ? stream.length - 1 : inRange(stream, 'asOf', asOf));
        },
      },
    },
  };
}
