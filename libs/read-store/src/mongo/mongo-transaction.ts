import type { Where } from '@portal/contracts';
import type { ClientSession, Db } from 'mongodb';
import type { Collection, CollectionSpec, Doc, Keyed, ReadTransaction } from '../read-store.port';
import { normalizeDoc } from '../shared/docs';
import { assertId, type Id } from '../shared/ids';
import { CHECKPOINTS, type CheckpointDocument, type MongoRecord } from './mongo-documents';
import { FULL_TEXT_FIELD, mongoFullText } from './mongo-full-text';
import { fromMongoDoc, toMongoFilter, toMongoSort } from './to-mongo';

/** Every operation passes the session, so it is part of the transaction. */
export class MongoTransaction implements ReadTransaction {
  private finished = false;

  constructor(
    private readonly db: Db,
    private readonly session: ClientSession,
    /** Returns the ensured spec of a collection, or throws for an unknown one. */
    private readonly specOf: (name: string) => CollectionSpec,
  ) {}

  finish(): void {
    this.finished = true;
  }

  async get<Row = Doc>(collection: Collection<Row> | string, id: Id): Promise<Row | null> {
    this.check(collection);
    const found = await this.db.collection<MongoRecord>(collection).findOne({ _id: assertId(id) }, { session: this.session });
    return found ? (fromMongoDoc(found) as Row) : null;
  }

  async findWhere<Row = Doc>(collection: Collection<Row> | string, where: Where): Promise<Row[]> {
    this.check(collection);
    const cursor = this.db.collection<MongoRecord>(collection).find(toMongoFilter(where), { session: this.session, sort: toMongoSort([]) });
    return (await cursor.toArray()).map(fromMongoDoc) as Row[];
  }

  async put<Row extends Keyed = Doc>(collection: Collection<Row> | string, doc: Row): Promise<void> {
    this.check(collection);
    const normalized = normalizeDoc(doc as Doc);
    const { id, ...fields } = normalized;
    const spec = this.specOf(collection);
    const stored = spec.fullText?.length ? { ...fields, [FULL_TEXT_FIELD]: mongoFullText(normalized, spec) } : fields;
    await this.db.collection<MongoRecord>(collection).replaceOne({ _id: id }, stored, { upsert: true, session: this.session });
  }

  async remove(collection: string, id: Id): Promise<void> {
    this.check(collection);
    await this.db.collection<MongoRecord>(collection).deleteOne({ _id: assertId(id) }, { session: this.session });
  }

  async getCheckpoint(name: string): Promise<number | null> {
    this.check();
    const found = await this.db.collection<CheckpointDocument>(CHECKPOINTS).findOne({ _id: name }, { session: this.session });
    return found ? found.position : null;
  }

  async setCheckpoint(name: string, position: number | null): Promise<void> {
    this.check();
    const checkpoints = this.db.collection<CheckpointDocument>(CHECKPOINTS);
    if (position === null) {
      await checkpoints.deleteOne({ _id: name }, { session: this.session });
      return;
    }
    if (!Number.isSafeInteger(position)) throw new RangeError(`Checkpoint position must be an integer, got ${position}`);
    await checkpoints.replaceOne({ _id: name }, { position }, { upsert: true, session: this.session });
  }

  async clear(collection: string): Promise<void> {
    this.check(collection);
    await this.db.collection<MongoRecord>(collection).deleteMany({}, { session: this.session });
  }

  private check(collection?: string): void {
    if (this.finished) throw new Error('This read-store transaction has already ended');
    if (collection !== undefined) this.specOf(collection);
  }
}
