import Database from 'better-sqlite3';
import type { Paginated, Query } from '@portal/contracts';
import type { Collection, CollectionSpec, Doc, ReadStore, ReadTransaction, SearchHit, SearchRequest } from '../read-store.port';
import { assertSearchable } from '../search/document-text';
import { checksumDocs } from '../shared/checksum';
import type { Id } from '../shared/ids';
import { SerialQueue } from '../shared/serial-queue';
import { SqliteQueries } from './sqlite-queries';
import { ensureFullText } from './sqlite-full-text';
import { CHECKPOINTS_DDL, collectionDdl, FULL_TEXT_META_DDL } from './sqlite-schema';
import { SqliteTransaction } from './sqlite-transaction';

/**
 * The embedded read store: one SQLite file (WAL), one table per collection.
 *
 * Writes go through one writer connection, one transaction at a time (queued). With a file,
 * reads outside transactions use a second connection and so see committed data only; with
 * ':memory:' (tests) there is one connection and such reads may see a running transaction's writes.
 */
export class SqliteReadStore implements ReadStore {
  private readonly writer: Database.Database;
  private readonly reader: Database.Database;
  private readonly writes: SqliteQueries;
  private readonly reads: SqliteQueries;
  private readonly collections = new Map<string, CollectionSpec>();
  private readonly queue = new SerialQueue();
  private closed = false;

  constructor(filePath: string) {
    this.writer = new Database(filePath, { timeout: 5000 });
    this.writer.pragma('journal_mode = WAL');
    this.writer.pragma('synchronous = NORMAL');
    this.writer.exec(CHECKPOINTS_DDL);
    this.writer.exec(FULL_TEXT_META_DDL);
    const inMemory = filePath === ':memory:' || filePath === '';
    this.reader = inMemory ? this.writer : new Database(filePath, { timeout: 5000, fileMustExist: true });
    this.writes = new SqliteQueries(this.writer);
    this.reads = inMemory ? this.writes : new SqliteQueries(this.reader);
  }

  ensureCollections(specs: CollectionSpec[]): Promise<void> {
    return this.queue.run(async () => {
      this.assertOpen();
      this.writer
        .transaction(() => {
          for (const spec of specs) {
            for (const statement of collectionDdl(spec)) this.writer.exec(statement);
            ensureFullText(this.writer, spec);
          }
        })
        .immediate();
      for (const spec of specs) this.collections.set(spec.name, { ...spec, fullText: spec.fullText ? [...spec.fullText] : undefined });
    });
  }

  async find<Row = Doc>(collection: Collection<Row> | string, query: Query): Promise<Paginated<Row>> {
    this.assertCollection(collection);
    return this.reads.find(collection, query) as Paginated<Row>;
  }

  async get<Row = Doc>(collection: Collection<Row> | string, id: Id): Promise<Row | null> {
    this.assertCollection(collection);
    return this.reads.get(collection, id) as Row | null;
  }

  async search<Row = Doc>(collection: Collection<Row> | string, request: SearchRequest): Promise<Paginated<SearchHit<Row>>> {
    const spec = assertSearchable(this.specOf(collection), collection);
    return this.reads.search(spec, request) as Paginated<SearchHit<Row>>;
  }

  async getCheckpoint(name: string): Promise<number | null> {
    this.assertOpen();
    return this.reads.getCheckpoint(name);
  }

  transaction<T>(work: (tx: ReadTransaction) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      this.assertOpen();
      this.writer.exec('BEGIN IMMEDIATE');
      const tx = new SqliteTransaction(this.writes, (name) => this.specOf(name));
      try {
        const result = await work(tx);
        tx.finish();
        this.writer.exec('COMMIT');
        return result;
      } catch (error) {
        tx.finish();
        if (this.writer.inTransaction) this.writer.exec('ROLLBACK');
        throw error;
      }
    });
  }

  async checksum(collection: string): Promise<string> {
    this.assertCollection(collection);
    return this.reader.transaction(() => checksumDocs(this.reads.allDocs(collection)))();
  }

  close(): Promise<void> {
    return this.queue.run(async () => {
      if (this.closed) return;
      this.closed = true;
      if (this.reader !== this.writer) this.reader.close();
      this.writer.close();
    });
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
