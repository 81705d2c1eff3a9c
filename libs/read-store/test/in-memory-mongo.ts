import { aggregate, find, updateOne as mingoUpdateOne } from 'mingo';
import { MongoServerError, type Db, type MongoClient } from 'mongodb';

/**
 * A MongoDB server in memory, for the read-store contract where no server runs: the driver calls the MongoDB
 * adapter makes, answered by mingo (MongoDB's query, update and aggregation language in JavaScript). Queries,
 * sorts and projections are mingo's; transactions are snapshot-isolated with first-committer-wins write
 * conflicts (a TransientTransactionError the driver's withTransaction retries), as a replica set's are;
 * change streams deliver committed inserts. Not modelled: indexes (accepted, not used), read/write concerns.
 */

type Key = string;
interface Stored {
  doc: Record<string, unknown>;
  version: number;
}
type Space = Map<string, Map<Key, Stored>>;

const keyOf = (id: unknown): Key => JSON.stringify(id);
const clone = <T>(value: T): T => structuredClone(value);

function serverError(code: number, codeName: string, message: string, labels: string[] = []): MongoServerError {
  const error = new MongoServerError({ message, errmsg: message, code, codeName });
  for (const label of labels) error.addErrorLabel(label);
  return error;
}

class Transaction {
  readonly space: Space;
  /** Keys written, with the version each had when this transaction first saw it. */
  readonly written = new Map<string, Map<Key, number | null>>();
  readonly inserts: Array<{ collection: string; doc: Record<string, unknown> }> = [];

  constructor(live: Space) {
    this.space = new Map([...live].map(([name, docs]) => [name, new Map([...docs].map(([k, v]) => [k, { doc: clone(v.doc), version: v.version }]))]));
  }

  track(collection: string, key: Key, version: number | null): void {
    let keys = this.written.get(collection);
    if (!keys) this.written.set(collection, (keys = new Map()));
    if (!keys.has(key)) keys.set(key, version);
  }
}

export class InMemoryMongo {
  private readonly live: Space = new Map();
  private version = 0;
  private readonly watchers = new Map<string, Set<(doc: Record<string, unknown>) => void>>();
  readonly reads = { finds: 0, counts: 0 };

  client(): MongoClient {
    return new FakeClient(this) as unknown as MongoClient;
  }

  db(): Db {
    return new FakeDb(this) as unknown as Db;
  }

  space(tx: Transaction | null): Space {
    return tx ? tx.space : this.live;
  }

  docs(space: Space, name: string, create = false): Map<Key, Stored> {
    let docs = space.get(name);
    if (!docs) {
      docs = new Map();
      if (create) space.set(name, docs);
    }
    return docs;
  }

  nextVersion(): number {
    return ++this.version;
  }

  begin(): Transaction {
    return new Transaction(this.live);
  }

  commit(tx: Transaction): void {
    for (const [collection, keys] of tx.written) {
      const live = this.docs(this.live, collection);
      for (const [key, seen] of keys) {
        const now = live.get(key)?.version ?? null;
        if (now !== seen) throw serverError(112, 'WriteConflict', 'Write conflict during plan execution', ['TransientTransactionError']);
      }
    }
    for (const [collection, keys] of tx.written) {
      const mine = this.docs(tx.space, collection);
      const live = this.docs(this.live, collection, true);
      for (const key of keys.keys()) {
        const stored = mine.get(key);
        if (stored) live.set(key, { doc: clone(stored.doc), version: stored.version });
        else live.delete(key);
      }
    }
    for (const name of tx.space.keys()) if (!this.live.has(name)) this.live.set(name, new Map());
    for (const insert of tx.inserts) this.announce(insert.collection, insert.doc);
  }

  announce(collection: string, doc: Record<string, unknown>): void {
    for (const watcher of this.watchers.get(collection) ?? []) watcher(clone(doc));
  }

  watch(collection: string, listener: (doc: Record<string, unknown>) => void): () => void {
    let set = this.watchers.get(collection);
    if (!set) this.watchers.set(collection, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  rename(from: string, to: string, dropTarget: boolean): void {
    const docs = this.live.get(from);
    if (!docs) throw serverError(26, 'NamespaceNotFound', `source namespace ${from} does not exist`);
    if (this.live.has(to) && !dropTarget) throw serverError(48, 'NamespaceExists', `target namespace ${to} exists`);
    this.live.set(to, docs);
    this.live.delete(from);
  }
}

interface SessionLike {
  tx: Transaction | null;
}

class FakeClient {
  constructor(private readonly server: InMemoryMongo) {}

  startSession(): FakeSession {
    return new FakeSession(this.server);
  }

  async connect(): Promise<this> {
    return this;
  }

  async close(): Promise<void> {}
}

class FakeSession implements SessionLike {
  tx: Transaction | null = null;

  constructor(private readonly server: InMemoryMongo) {}

  async withTransaction<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      this.tx = this.server.begin();
      try {
        const result = await work();
        this.server.commit(this.tx);
        return result;
      } catch (error) {
        const transient = error instanceof MongoServerError && error.hasErrorLabel('TransientTransactionError');
        if (!transient || attempt >= 5) throw error;
      } finally {
        this.tx = null;
      }
    }
  }

  async endSession(): Promise<void> {}
}

class FakeDb {
  constructor(private readonly server: InMemoryMongo) {}

  collection(name: string): FakeCollection {
    return new FakeCollection(this.server, name);
  }

  listCollections(): { toArray(): Promise<Array<{ name: string }>> } {
    const names = [...this.server.space(null).keys()];
    return { toArray: async () => names.map((name) => ({ name })) };
  }

  async createCollection(name: string): Promise<void> {
    if (this.server.space(null).has(name)) throw serverError(48, 'NamespaceExists', `Collection ${name} already exists`);
    this.server.docs(this.server.space(null), name, true);
  }

  async renameCollection(from: string, to: string, options: { dropTarget?: boolean } = {}): Promise<void> {
    this.server.rename(from, to, options.dropTarget === true);
  }
}

interface Options {
  session?: SessionLike;
  sort?: Record<string, 1 | -1> | Array<[string, 1 | -1]>;
  skip?: number;
  limit?: number;
  projection?: Record<string, unknown>;
  upsert?: boolean;
}

const sortSpec = (sort: Options['sort']): Record<string, 1 | -1> | undefined => (Array.isArray(sort) ? Object.fromEntries(sort) : sort);

class FakeCollection {
  constructor(
    private readonly server: InMemoryMongo,
    private readonly name: string,
  ) {}

  private all(options?: Options): Array<Record<string, unknown>> {
    return [...this.server.docs(this.server.space(options?.session?.tx ?? null), this.name).values()].map((s) => s.doc);
  }

  private select(filter: Record<string, unknown>, options: Options = {}): Array<Record<string, unknown>> {
    let cursor = find(this.all(options), filter, options.projection && Object.keys(options.projection).length ? options.projection : undefined);
    const sort = sortSpec(options.sort);
    if (sort) cursor = cursor.sort(sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return clone(cursor.all() as Array<Record<string, unknown>>);
  }

  find(filter: Record<string, unknown> = {}, options: Options = {}) {
    this.server.reads.finds += 1;
    const rows = () => this.select(filter, options);
    return {
      toArray: async () => rows(),
      [Symbol.asyncIterator]: async function* () {
        for (const row of rows()) yield row;
      },
    };
  }

  async findOne(filter: Record<string, unknown> = {}, options: Options = {}): Promise<Record<string, unknown> | null> {
    return this.select(filter, { ...options, limit: 1 })[0] ?? null;
  }

  async countDocuments(filter: Record<string, unknown> = {}, options: Options = {}): Promise<number> {
    this.server.reads.counts += 1;
    return find(this.all(options), filter).all().length;
  }

  aggregate(pipeline: Array<Record<string, unknown>>, options: Options = {}) {
    return { toArray: async () => clone(aggregate(this.all(options), pipeline) as Array<Record<string, unknown>>) };
  }

  async insertOne(doc: Record<string, unknown>, options: Options = {}): Promise<{ insertedId: unknown }> {
    const docs = this.writable(options);
    const key = keyOf(doc._id);
    if (docs.has(key)) throw serverError(11000, 'DuplicateKey', `E11000 duplicate key error collection: ${this.name}`);
    this.write(options, key, clone(doc), true);
    return { insertedId: doc._id };
  }

  async replaceOne(filter: Record<string, unknown>, replacement: Record<string, unknown>, options: Options = {}) {
    const [found] = this.select(filter, { ...options, limit: 1 });
    if (found) {
      this.write(options, keyOf(found._id), { ...clone(replacement), _id: found._id });
      return { matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };
    }
    if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
    await this.insertOne({ ...clone(replacement), _id: filter._id }, options);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  }

  async updateOne(filter: Record<string, unknown>, update: Record<string, unknown>, options: Options = {}) {
    const [found] = this.select(filter, { ...options, limit: 1 });
    if (found) {
      const doc = clone(found);
      mingoUpdateOne([doc], {}, update);
      this.write(options, keyOf(found._id), doc);
      return { matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };
    }
    if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
    const doc: Record<string, unknown> = { _id: filter._id };
    mingoUpdateOne([doc], {}, update);
    await this.insertOne(doc, options);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  }

  async deleteOne(filter: Record<string, unknown>, options: Options = {}) {
    const [found] = this.select(filter, { ...options, limit: 1 });
    if (found) this.write(options, keyOf(found._id), null);
    return { deletedCount: found ? 1 : 0 };
  }

  async deleteMany(filter: Record<string, unknown>, options: Options = {}) {
    const found = this.select(filter, options);
    for (const doc of found) this.write(options, keyOf(doc._id), null);
    return { deletedCount: found.length };
  }

  async bulkWrite(operations: Array<{ updateOne: { filter: Record<string, unknown>; update: Record<string, unknown> } }>) {
    for (const op of operations) await this.updateOne(op.updateOne.filter, op.updateOne.update);
  }

  async createIndex(): Promise<string> {
    this.server.docs(this.server.space(null), this.name, true);
    return 'index';
  }

  async dropIndex(): Promise<void> {
    throw serverError(27, 'IndexNotFound', 'index not found');
  }

  async drop(): Promise<void> {
    if (!this.server.space(null).delete(this.name)) throw serverError(26, 'NamespaceNotFound', 'ns not found');
  }

  watch() {
    const queue: Array<Record<string, unknown>> = [];
    let wake: (() => void) | null = null;
    let closed = false;
    const stop = this.server.watch(this.name, (doc) => {
      queue.push(doc);
      wake?.();
    });
    return {
      close: async () => {
        closed = true;
        stop();
        wake?.();
      },
      [Symbol.asyncIterator]: async function* () {
        while (!closed) {
          const doc = queue.shift();
          if (doc) {
            yield { operationType: 'insert', fullDocument: doc };
            continue;
          }
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
      },
    };
  }

  private writable(options: Options): Map<Key, Stored> {
    return this.server.docs(this.server.space(options.session?.tx ?? null), this.name, true);
  }

  /** One document written (null: deleted), in the session's transaction or at once. */
  private write(options: Options, key: Key, doc: Record<string, unknown> | null, inserted = false): void {
    const tx = options.session?.tx ?? null;
    const docs = this.writable(options);
    tx?.track(this.name, key, docs.get(key)?.version ?? null);
    if (doc) docs.set(key, { doc, version: this.server.nextVersion() });
    else docs.delete(key);
    if (inserted && doc) {
      if (tx) tx.inserts.push({ collection: this.name, doc: clone(doc) });
      else this.server.announce(this.name, doc);
    }
  }
}
