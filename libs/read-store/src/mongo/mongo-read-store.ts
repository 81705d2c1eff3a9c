import { MongoClient, MongoServerError, type Db, type MongoClientOptions } from 'mongodb';
import type { Paginated, Query } from '@portal/contracts';
import type { Collection, CollectionSpec, Doc, ReadStore, ReadTransaction, SearchHit, SearchRequest } from '../read-store.port';
import { assertSearchable } from '../search/document-text';
import { checksumDocs } from '../shared/checksum';
import { pickFields } from '../shared/docs';
import { assertId, type Id } from '../shared/ids';
import { assertCollectionName } from '../shared/names';
import { SerialQueue } from '../shared/serial-queue';
import { CHECKPOINTS, type CheckpointDocument, type MongoRecord } from './mongo-documents';
import { FULL_TEXT_FIELD } from './mongo-full-text';
import { ensureMongoFullText } from './mongo-full-text-index';
import { searchMongo } from './mongo-search';
import { MongoTransaction } from './mongo-transaction';
import { fromMongoDoc, mongoField, toMongoFilter, toMongoProjection, toMongoSort } from './to-mongo';

const NAMESPACE_EXISTS = 48;

/**
 * The production read store: one MongoDB collection per read-model collection, `_id` = the doc id.
 *
 * Transactions need a replica set (a single-node one is enough: `mongod --replSet rs0` plus
 * `rs.initiate()`); on a standalone server `transaction` fails. The driver's withTransaction may
 * run `work` again after a transient error, so `work` must only write through its `tx`.
 */
export class MongoReadStore implements ReadStore {
  private readonly collections = new Map<string, CollectionSpec>();
  private readonly queue = new SerialQueue();
  private closed = false;

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  static async connect(url: string, dbName: string, options: MongoClientOptions = {}): Promise<MongoReadStore> {
    const client = new MongoClient(url, { ignoreUndefined: true, ...options });
    await client.connect();
    return new MongoReadStore(client, client.db(dbName));
  }

  async ensureCollections(specs: CollectionSpec[]): Promise<void> {
    this.assertOpen();
    const existing = new Set((await this.db.listCollections({}, { nameOnly: true }).toArray()).map((info) => info.name));
    for (const name of [CHECKPOINTS, ...specs.map((spec) => assertCollectionName(spec.name))]) {
      if (!existing.has(name)) await this.createCollection(name);
    }
    for (const spec of specs) {
      const collection = this.db.collection(spec.name);
      for (const fields of spec.indexes) {
        const keys = fields.map((field): [string, 1] => [mongoField(field), 1]);
        if (!keys.some(([key]) => key === '_id')) keys.push(['_id', 1]);
        await collection.createIndex(keys);
      }
      await ensureMongoFullText(this.db.collection<MongoRecord>(spec.name), spec);
      this.collections.set(spec.name, { ...spec, fullText: spec.fullText ? [...spec.fullText] : undefined });
    }
  }

  async find<Row = Doc>(collection: Collection<Row> | string, query: Query): Promise<Paginated<Row>> {
    this.assertCollection(collection);
    const { skip, limit } = query;
    if (![skip, limit].every((n) => Number.isSafeInteger(n) && n >= 0)) throw new RangeError('skip and limit must be non-negative integers');
    const filter = toMongoFilter(query.where);
    const mongo = this.db.collection<MongoRecord>(collection);
    const projection = query.select ? toMongoProjection(query.select) : { [FULL_TEXT_FIELD]: 0, ...Object.fromEntries((query.omit ?? []).filter((f) => f !== 'id').map((f) => [f, 0])) };
    // MongoDB reads limit(0) as "no limit", so a count-only query does not run the find.
    const [total, documents] = await Promise.all([
      mongo.countDocuments(filter),
      limit === 0
        ? Promise.resolve([])
        : mongo
            .find(filter, { sort: toMongoSort(query.sort), skip, limit, projection })
            .toArray(),
    ]);
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

  transaction<T>(work: (tx: ReadTransaction) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      this.assertOpen();
      const session = this.client.startSession();
      const tx = new MongoTransaction(this.db, session, (name) => this.specOf(name));
      try {
        return await session.withTransaction(() => work(tx), {
          readConcern: { level: 'snapshot' },
          writeConcern: { w: 'majority' },
        });
      } finally {
        tx.finish();
        await session.endSession();
      }
    });
  }

  async checksum(collection: string): Promise<string> {
    this.assertCollection(collection);
    const documents = await this.db.collection<MongoRecord>(collection).find({}, { projection: { [FULL_TEXT_FIELD]: 0 } }).toArray();
    return checksumDocs(documents.map(fromMongoDoc));
  }

  close(): Promise<void> {
    return this.queue.run(async () => {
      if (this.closed) return;
      this.closed = true;
      await this.client.close();
    });
  }

  /** Another replica may create the same collection at the same moment: NamespaceExists is fine. */
  private async createCollection(name: string): Promise<void> {
    try {
      await this.db.createCollection(name);
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === NAMESPACE_EXISTS)) throw error;
    }
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
