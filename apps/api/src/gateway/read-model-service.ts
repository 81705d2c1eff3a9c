import { BadRequest, mayAccessClient, NotFound, type Permission, type Query, type User, type Where } from '@portal/contracts';
import { parseQuery, type Collection, type Doc, type Keyed, type ReadStore } from '@portal/read-store';
import { mirrorOf, type CallArgs, type CallContext, type MethodDefinition, type Mirror } from './service-definition';

export interface ReadModelServiceOptions<Row extends Keyed = Doc> {
  collection: Collection<Row>;
  /** Fields a query may filter, sort and select by. */
  fields: readonly string[];
  defaultLimit: number;
  maxLimit: number;
  /** The record field naming its client company; null for firm-wide records. */
  clientField: string | null;
  read: Permission[] | null;
  /** Turns a raw id from the wire into the stored id type. */
  parseId?(raw: string | number): string | number;
  present?(doc: NoInfer<Row>): unknown;
  /** Query keys this service reads itself; they are not filters. */
  extraKeys?: readonly string[];
  /** A further read rule besides the client (e.g. payroll marks): the filter it adds to finds and the check of one record. */
  rule?: { scope(user: User): Where | null; mayRead(user: User, doc: NoInfer<Row>): boolean };
  /** How one user's parsed query reads the stored records (e.g. a field that user sees is stored apart). */
  queryFor?(user: User, query: Query): Query;
}

/** A field of a record by name (the client field the options name). */
const fieldOf = (doc: object, field: string): unknown => (doc as Record<string, unknown>)[field];

const numericId = (raw: string | number) => {
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isSafeInteger(n)) throw BadRequest(`Invalid id '${String(raw)}'.`);
  return n;
};

/**
 * find and get over one read-model collection, scoped to the user's clients inside the query
 * itself (an indexed filter, not a per-row check), plus the mirror that pushes its changes.
 */
export function readModelService<Row extends Keyed = Doc>(store: ReadStore, options: ReadModelServiceOptions<Row>) {
  const parseId = options.parseId ?? numericId;
  const present = options.present ?? ((doc: Row): unknown => doc);

  const clientScope = (user: User): Where | null => {
    if (options.clientField === null || user.all_clients) return null;
    return { [options.clientField]: { $in: user.klienten_array } };
  };
  const scope = (user: User): Where | null => {
    const parts = [clientScope(user), options.rule?.scope(user) ?? null].filter((w): w is Where => w !== null);
    return parts.length === 0 ? null : parts.length === 1 ? parts[0]! : { $and: parts };
  };

  const visibleToClient = (user: User, doc: Row) => {
    if (options.clientField === null) return true;
    const client = fieldOf(doc, options.clientField);
    return typeof client === 'number' && mayAccessClient(user, client);
  };
  const visible = (user: User, doc: Row) => visibleToClient(user, doc) && (options.rule?.mayRead(user, doc) ?? true);

  const find: MethodDefinition = {
    anyOf: options.read,
    async run(context: CallContext, args: CallArgs) {
      const { query: parsed } = parseQuery(args.query, {
        fields: options.fields,
        defaultLimit: options.defaultLimit,
        maxLimit: options.maxLimit,
        extraKeys: options.extraKeys,
      });
      const query = options.queryFor ? options.queryFor(context.user, parsed) : parsed;
      const restriction = scope(context.user);
      if (restriction) query.where = { $and: [query.where, restriction] };
      const page = await store.find(options.collection, query);
      return { ...page, data: page.data.map(present) };
    },
  };

  /** The record if this user may see it; NotFound otherwise, so another client's records stay invisible. */
  const load = async (user: User, rawId: string | number | null): Promise<Row> => {
    if (rawId === null) throw BadRequest('An id is required.');
    const id = parseId(rawId);
    const doc = await store.get(options.collection, id);
    if (!doc || !visible(user, doc)) throw NotFound(`No record found for id '${String(rawId)}'`);
    return doc;
  };

  const get: MethodDefinition = {
    anyOf: options.read,
    async run(context, args) {
      return present(await load(context.user, args.id));
    },
  };

  const mirror: Mirror = mirrorOf(options.collection, {
    clientOf: (doc) => {
      if (options.clientField === null) return null;
      const client = fieldOf(doc, options.clientField);
      return typeof client === 'number' ? client : -1;
    },
    present,
    ...(options.rule ? { visibleTo: options.rule.mayRead } : {}),
  });

  return { find, get, load, mirror, parseId, present };
}
