import type { Where } from '@portal/contracts';
import type { ClientSession, Db } from 'mongodb';
import {
  FencedOut,
  type Collection,
  type CollectionSpec,
  type Doc,
  type FeedBatch,
  type FeedRetention,
  type Fence,
  type Keyed,
  type ReadTransaction,
} from '../read-store.port';
import { normalizeDoc } from '../shared/docs';
import { assertId, type Id } from '../shared/ids';
import { CHECKPOINTS, type CheckpointDocument, type MongoRecord } from './mongo-documents';
import { mongoDriver } from './mongo-driver';
import { appendFeed, pruneFeed } from './mongo-feed';
import { FULL_TEXT_FIELD, mongoFullText } from './mongo-full-text';
import { fromMongoDoc, toMongoFilter, toMongoSort } from './to-mongo';

const DUPLICATE_KEY = 11000;

/** Every operation passes the session, so it is part of the transaction. */
export class MongoTransaction implements ReadTransaction {
  private finished = false;
  /** Build copies to make live once the transaction committed (renames cannot run inside one). */
  readonly switches: Array<{ collections: string[]; tag: string }> = [];

  constructor(
    private readonly db: Db,
    private readonly session: ClientSession,
    /** Returns the ensured spec of a collection, or throws for an unknown one. */
    private readonly specOf: (name: string) => CollectionSpec,
    /** The MongoDB collection this transaction reads and writes for a read-model collection (a build copy while rebuilding). */
    private readonly physical: (name: string) => string = (name) => name,
    private readonly fence: Fence | null = null,
  ) {}

  finish(): void {
    this.finished = true;
  }

  async get<Row = Doc>(collection: Collection<Row> | string, id: Id): Promise<Row | null> {
    this.check(collection);
    const found = await this.records(collection).findOne({ _id: assertId(id) }, { session: this.session, projection: { [FULL_TEXT_FIELD]: 0 } });
    return found ? (fromMongoDoc(found) as Row) : null;
  }

  async findWhere<Row = Doc>(collection: Collection<Row> | string, where: Where): Promise<Row[]> {
    this.check(collection);
    const cursor = this.records(collection).find(toMongoFilter(where), { session: this.session, sort: toMongoSort([]), projection: { [FULL_TEXT_FIELD]: 0 } });
    return (await cursor.toArray()).map(fromMongoDoc) as Row[];
  }

  async put<Row extends Keyed = Doc>(collection: Collection<Row> | string, doc: Row): Promise<void> {
    this.check(collection);
    const normalized = normalizeDoc(doc as Doc);
    const { id, ...fields } = normalized;
    const spec = this.specOf(collection);
    const stored = spec.fullText?.length ? { ...fields, [FULL_TEXT_FIELD]: mongoFullText(normalized, spec) } : fields;
    await this.records(collection).replaceOne({ _id: id }, stored, { upsert: true, session: this.session });
  }

  async remove(collection: string, id: Id): Promise<void> {
    this.check(collection);
    await this.records(collection).deleteOne({ _id: assertId(id) }, { session: this.session });
  }

  async getCheckpoint(name: string): Promise<number | null> {
    this.check();
    const found = await this.db.collection<CheckpointDocument>(CHECKPOINTS).findOne({ _id: name }, { session: this.session });
    return found ? found.position : null;
  }

  /**
   * In a fenced transaction a compare-and-set: the checkpoint is written only if no writer with a newer lease
   * epoch wrote it (else the upsert collides with the existing document and the transaction fails, FencedOut).
   */
  async setCheckpoint(name: string, position: number | null): Promise<void> {
    this.check();
    const checkpoints = this.db.collection<CheckpointDocument>(CHECKPOINTS);
    if (position === null) {
      await checkpoints.deleteOne({ _id: name }, { session: this.session });
      return;
    }
    if (!Number.isSafeInteger(position)) throw new RangeError(`Checkpoint position must be an integer, got ${position}`);
    if (!this.fence) {
      await checkpoints.replaceOne({ _id: name }, { position }, { upsert: true, session: this.session });
      return;
    }
    try {
      await checkpoints.updateOne(
        { _id: name, $or: [{ epoch: { $exists: false } }, { epoch: { $lte: this.fence.epoch } }] },
        { $set: { position, epoch: this.fence.epoch } },
        { upsert: true, session: this.session },
      );
    } catch (error) {
      if (error instanceof mongoDriver().MongoServerError && error.code === DUPLICATE_KEY) throw new FencedOut(this.fence, null);
      throw error;
    }
  }

  /** Empties a small collection in the transaction (a rebuild never does this: it builds a copy). */
  async clear(collection: string): Promise<void> {
    this.check(collection);
    await this.records(collection).deleteMany({}, { session: this.session });
  }

  async appendFeed(batch: FeedBatch): Promise<void> {
    this.check();
    await appendFeed(this.db, this.session, batch);
  }

  async pruneFeed(retention: FeedRetention): Promise<number> {
    this.check();
    return pruneFeed(this.db, this.session, retention);
  }

  async switchBuild(collections: string[], tag: string): Promise<void> {
    this.check();
    for (const name of collections) this.specOf(name);
    this.switches.push({ collections: [...collections], tag });
  }

  private records(collection: string) {
    return this.db.collection<MongoRecord>(this.physical(collection));
  }

  private check(collection?: string): void {
    if (this.finished) throw new Error('This read-store transaction has already ended');
    if (collection !== undefined) this.specOf(collection);
  }
}
