import type { Db, MongoClient, MongoClientOptions } from 'mongodb';
import { mongoDriver } from './mongo-driver';
import type { Paginated, Query } from '@portal/contracts';
import type {
  Builds,
  ChangeFeed,
  Collection,
  CollectionSpec,
  Doc,
  Fence,
  LeaseClaim,
  Leases,
  ReadStore,
  ReadTransaction,
  SearchHit,
  SearchRequest,
  TransactionOptions,
} from '../read-store.port';
import { assertSearchable } from '../search/document-text';
import { checksumDocs } from '../shared/checksum';
import { pickFields } from '../shared/docs';
import { assertId, type Id } from '../shared/ids';
import { assertCollectionName } from '../shared/names';
import { SerialQueue } from '../shared/serial-queue';
import { buildCollectionName, CHECKPOINTS, FEED, FEED_PRUNED, FEED_READERS, LEASES, type CheckpointDocument, type MongoRecord } from './mongo-documents';
import { MongoFeedFollower, MongoFeedReader } from './mongo-feed';
import { FULL_TEXT_FIELD } from './mongo-full-text';
import { ensureMongoFullText } from './mongo-full-text-index';
import { acquireLease, checkFence, currentLease, releaseLease } from './mongo-lease';
import { searchMongo } from './mongo-search';
import { MongoTransaction } from './mongo-transaction';
import { fromMongoDoc, mongoField, toMongoFilter, toMongoProjection, toMongoSort } from './to-mongo';

const NAMESPACE_EXISTS = 48;
const NAMESPACE_NOT_FOUND = 26;

/**
 * The production read store: one MongoDB collection per read-model collection, `_id` = the doc id.
 *
 * Transactions need a replica set (a single-node one is enough: `mongod --replSet rs0` plus
 * `rs.initiate()`); on a standalone server `transaction` fails, and so does following the change feed
 * (a change stream). The driver's withTransaction may run `work` again after a transient error, so `work`
 * must only write through its `tx`.
 */
export class MongoReadStore implements ReadStore {
  private readonly collections = new Map<string, CollectionSpec>();
  /** Collections this store's transactions read and write in a build copy (the projector rebuilding them). */
  private readonly building = new Map<string, string>();
  private readonly queue = new SerialQueue();
  private readonly feedReader: MongoFeedReader;
  private closed = false;

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {
    this.feedReader = new MongoFeedReader(client, db, (name) => this.collections.has(name));
  }

  static async connect(url: string, dbName: string, options: MongoClientOptions = {}): Promise<MongoReadStore> {
    const client = new (mongoDriver().MongoClient)(url, { ignoreUndefined: true, ...options });
    await client.connect();
    return new MongoReadStore(client, client.db(dbName));
  }

  readonly feed: ChangeFeed = {
    read: (after, limit) => this.open(() => this.feedReader.read(after, limit)),
    head: () => this.open(() => this.feedReader.head()),
    follow: (options) => {
      this.assertOpen();
      return new MongoFeedFollower(this.db, this.feedReader, options);
    },
    saveReader: (reader, position) => this.open(() => this.feedReader.saveReader(reader, position)),
    readerPosition: (reader) => this.open(() => this.feedReader.readerPosition(reader)),
  };

  readonly leases: Leases = {
    tryAcquire: (claim: LeaseClaim, ttlMs: number) => this.open(() => acquireLease(this.db, claim, ttlMs)),
    current: (name: string) => this.open(() => currentLease(this.db, name)),
    release: (fence: Fence) => this.open(() => releaseLease(this.db, fence)),
  };

  readonly builds: Builds = {
    allEmpty: (collections) =>
      this.open(async () => {
        for (const name of collections) if (await this.db.collection(name).findOne({}, { projection: { _id: 1 } })) return false;
        return true;
      }),
    exists: (collections, tag) =>
      this.open(async () => {
        const existing = await this.existingCollections();
        return collections.every((name) => existing.has(buildCollectionName(name, tag)));
      }),
    start: (specs, tag, fresh) =>
      this.open(async () => {
        for (const spec of specs) {
          const copy = buildCollectionName(assertCollectionName(spec.name), tag);
          if (fresh) await this.dropCollection(copy);
          await this.ensurePhysical(spec, copy, await this.existingCollections());
          this.collections.set(spec.name, { ...spec, fullText: spec.fullText ? [...spec.fullText] : undefined });
          this.building.set(spec.name, copy);
        }
      }),
  };

  async ensureCollections(specs: CollectionSpec[]): Promise<void> {
    this.assertOpen();
    const existing = await this.existingCollections();
    for (const name of [CHECKPOINTS, FEED, FEED_READERS, FEED_PRUNED, LEASES]) if (!existing.has(name)) await this.createCollection(name);
    for (const spec of specs) {
      await this.ensurePhysical(spec, assertCollectionName(spec.name), existing);
      this.collections.set(spec.name, { ...spec, fullText: spec.fullText ? [...spec.fullText] : undefined });
    }
  }

  /**
   * The total is counted only when the page cannot tell it: a page shorter than the limit (and not past the
   * end) ends the result, so skip + its length is the total. `$limit: 0` asks for the count alone.
   */
  async find<Row = Doc>(collection: Collection<Row> | string, query: Query): Promise<Paginated<Row>> {
    this.assertCollection(collection);
    const { skip, limit } = query;
    if (![skip, limit].every((n) => Number.isSafeInteger(n) && n >= 0)) throw new RangeError('skip and limit must be non-negative integers');
    const filter = toMongoFilter(query.where);
    const mongo = this.db.collection<MongoRecord>(collection);
    const projection = query.select
      ? toMongoProjection(query.select)
      : { [FULL_TEXT_FIELD]: 0, ...Object.fromEntries((query.omit ?? []).filter((f) => f !== 'id').map((f) => [f, 0])) };
    // MongoDB reads limit(0) as "no limit", so a count-only query does not run the find.
    const documents = limit === 0 ? [] : await mongo.find(filter, { sort: toMongoSort(query.sort), skip, limit, projection }).toArray();
    const known = limit > 0 && documents.length < limit && (documents.length > 0 || skip === 0);
    const total = known ? skip + documents.length : await mongo.countDocuments(filter);
    const docs = documents.map(fromMongoDoc);
    return { total, limit, skip, data: (query.select ? docs.map((doc) => pickFields(doc, query.select ?? [])) : docs) as Row[] };
  }

  async get<Row = Doc>(collection: Collection<Row> | string, id: Id): Promise<Row | null> {
    this.assertCollection(collection);
    const found = await this.db.collection<MongoRecord>(collection).findOne({ _id: assertId(id) }, { projection: { [FULL_TEXT_FIELD]: 0 } });
    return found ? (fromMongoDoc(found) as Row) : null;
  }

  async search<Row = Doc>(collection: Collection<Row> | string, request: SearchRequest): Promise<Paginated<SearchHit<Row>>> {
    const spec = assertSearchable(this.specOf(collection), collection);
    return (await searchMongo(this.db, spec, request)) as Paginated<SearchHit<Row>>;
  }

  async getCheckpoint(name: string): Promise<number | null> {
    this.assertOpen();
    const found = await this.db.collection<CheckpointDocument>(CHECKPOINTS).findOne({ _id: name });
    return found ? found.position : null;
  }

  transaction<T>(work: (tx: ReadTransaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    return this.queue.run(async () => {
      this.assertOpen();
      const session = this.client.startSession();
      let last: MongoTransaction | null = null;
      try {
        const result = await session.withTransaction(
          async () => {
            // A fresh transaction object per attempt: withTransaction re-runs this after a transient error.
            last?.finish();
            const tx = new MongoTransaction(
              this.db,
              session,
              (name) => this.specOf(name),
              (name) => this.building.get(name) ?? name,
              options.fence ?? null,
            );
            last = tx;
            if (options.fence) await checkFence(this.db, session, options.fence);
            return work(tx);
          },
          { readConcern: { level: 'snapshot' }, writeConcern: { w: 'majority' } },
        );
        const committed = last as MongoTransaction | null;
        for (const { collections, tag } of committed?.switches ?? []) await this.switchBuild(collections, tag);
        return result;
      } finally {
        (last as MongoTransaction | null)?.finish();
        await session.endSession();
      }
    });
  }

  async checksum(collection: string): Promise<string> {
    this.assertCollection(collection);
    const documents = await this.db
      .collection<MongoRecord>(collection)
      .find({}, { projection: { [FULL_TEXT_FIELD]: 0 } })
      .toArray();
    return checksumDocs(documents.map(fromMongoDoc));
  }

  close(): Promise<void> {
    return this.queue.run(async () => {
      if (this.closed) return;
      this.closed = true;
      await this.client.close();
    });
  }

  /**
   * After the commit that recorded the switch: each build copy replaces its live collection in one rename
   * (dropTarget), so readers see the old collection or the new one, never an empty one, and nothing is deleted
   * record by record. A crash before the renames leaves the copies and their checkpoint: the projector switches again.
   */
  private async switchBuild(collections: readonly string[], tag: string): Promise<void> {
    for (const name of collections) {
      await this.db.renameCollection(buildCollectionName(name, tag), name, { dropTarget: true });
      this.building.delete(name);
    }
  }

  private async ensurePhysical(spec: CollectionSpec, name: string, existing: Set<string>): Promise<void> {
    if (!existing.has(name)) await this.createCollection(name);
    const collection = this.db.collection<MongoRecord>(name);
    for (const fields of spec.indexes) {
      const keys = fields.map((field): [string, 1] => [mongoField(field), 1]);
      if (!keys.some(([key]) => key === '_id')) keys.push(['_id', 1]);
      await collection.createIndex(keys);
    }
    await ensureMongoFullText(collection, spec);
  }

  private async existingCollections(): Promise<Set<string>> {
    return new Set((await this.db.listCollections({}, { nameOnly: true }).toArray()).map((info) => info.name));
  }

  /** Another replica may create the same collection at the same moment: NamespaceExists is fine. */
  private async createCollection(name: string): Promise<void> {
    try {
      await this.db.createCollection(name);
    } catch (error) {
      if (!(error instanceof mongoDriver().MongoServerError && error.code === NAMESPACE_EXISTS)) throw error;
    }
  }

  private async dropCollection(name: string): Promise<void> {
    try {
      await this.db.collection(name).drop();
    } catch (error) {
      if (!(error instanceof mongoDriver().MongoServerError && (error.code === NAMESPACE_NOT_FOUND || error.codeName === 'NamespaceNotFound'))) throw error;
    }
  }

  private async open<T>(work: () => Promise<T>): Promise<T> {
    this.assertOpen();
    return work();
  }

  private assertCollection(name: string): void {
    this.specOf(name);
  }

  private specOf(name: string): CollectionSpec {
    this.assertOpen();
    const spec = this.collections.get(name);
    if (!spec) throw new Error(`Unknown read-store collection '${name}': call ensureCollections first`);
    return spec;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The read store is closed');
  }
}
