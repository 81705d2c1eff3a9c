import Database from 'better-sqlite3';
import type { Paginated, Query } from '@portal/contracts';
import type { CollectionSpec, Doc, ReadStore, ReadTransaction } from '../read-store.port';
import { checksumDocs } from '../shared/checksum';
import type { Id } from '../shared/ids';
import { SerialQueue } from '../shared/serial-queue';
import { SqliteQueries } from './sqlite-queries';
import { CHECKPOINTS_DDL, collectionDdl, ftsTableBaseName, fullTextDdl } from './sqlite-schema';
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
  private readonly collections = new Set<string>();
  private readonly queue = new SerialQueue();
  private closed = false;

  constructor(filePath: string) {
    this.writer = new Database(filePath, { timeout: 5000 });
    this.writer.pragma('journal_mode = WAL');
    this.writer.pragma('synchronous = NORMAL');
    this.writer.exec(CHECKPOINTS_DDL);
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
            const fullText = fullTextDdl(spec);
            if (fullText) {
              const exists = this.writer.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(ftsTableBaseName(spec.name));
              for (const statement of fullText.create) this.writer.exec(statement);
              if (!exists) this.writer.exec(fullText.backfill);
            }
          }
        })
        .immediate();
      for (const spec of specs) this.collections.add(spec.name);
    });
  }

  async find(collection: string, query: Query): Promise<Paginated<Doc>> {
    this.assertCollection(collection);
    return this.reads.find(collection, query);
  }

  async get(collection: string, id: Id): Promise<Doc | null> {
    this.assertCollection(collection);
    return this.reads.get(collection, id);
  }

  async getCheckpoint(name: string): Promise<number | null> {
    this.assertOpen();
    return this.reads.getCheckpoint(name);
  }

  transaction<T>(work: (tx: ReadTransaction) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      this.assertOpen();
      this.writer.exec('BEGIN IMMEDIATE');
      const tx = new SqliteTransaction(this.writes, (name) => this.assertCollection(name));
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
    this.assertOpen();
    if (!this.collections.has(name)) throw new Error(`Unknown read-store collection '${name}': call ensureCollections first`);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The read store is closed');
  }
}
