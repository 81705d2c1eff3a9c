import type Database from 'better-sqlite3';
import type { Where } from '@portal/contracts';
import type { Collection, CollectionSpec, Doc, FeedBatch, FeedRetention, Keyed, ReadTransaction } from '../read-store.port';
import { docToJson } from '../shared/docs';
import { assertId, type Id } from '../shared/ids';
import { recordKey, recordKeyPrefix, type CommittedBatch } from '../feed/committed-batches';
import { switchBuild } from './sqlite-builds';
import { SqliteFeedWriter } from './sqlite-feed';
import { SqliteFullTextWriter } from './sqlite-full-text';
import type { SqliteQueries } from './sqlite-queries';
import { quotedTable, type TableNames } from './sqlite-schema';

/** What a transaction did that the store applies once it committed. */
export interface TransactionEffects {
  feedAppended: boolean;
  /** The feed batch written, with what a follower in this process needs to take it from memory (`CommittedBatches`). */
  feed: Omit<CommittedBatch, 'records'> | null;
  /** The stored JSON of each record as last written (null: removed), by `recordKey`. */
  records: Map<string, string | null>;
  switched: Array<{ collections: string[]; tag: string }>;
}

/** The writer connection inside BEGIN IMMEDIATE; unusable once its transaction has ended. */
export class SqliteTransaction implements ReadTransaction {
  private finished = false;
  private readonly fullText: SqliteFullTextWriter;
  private readonly feed: SqliteFeedWriter;
  readonly effects: TransactionEffects = { feedAppended: false, feed: null, records: new Map(), switched: [] };

  /** `specOf` returns the ensured spec of a collection, or throws for an unknown one. */
  constructor(
    private readonly db: Database.Database,
    private readonly queries: SqliteQueries,
    private readonly names: TableNames,
    private readonly specOf: (name: string) => CollectionSpec,
  ) {
    this.fullText = new SqliteFullTextWriter(queries.statements, names);
    this.feed = new SqliteFeedWriter(queries.statements);
  }

  finish(): void {
    this.finished = true;
  }

  async get<Row = Doc>(collection: Collection<Row> | string, id: Id): Promise<Row | null> {
    this.check(collection);
    return this.queries.get(collection, id) as Row | null;
  }

  async findWhere<Row = Doc>(collection: Collection<Row> | string, where: Where): Promise<Row[]> {
    this.check(collection);
    return this.queries.findWhere(collection, where) as Row[];
  }

  async put<Row extends Keyed = Doc>(collection: Collection<Row> | string, doc: Row): Promise<void> {
    await this.putJson(collection, doc.id, docToJson(doc as Doc));
  }

  async putJson(collection: string, id: Id, json: string): Promise<void> {
    this.check(collection);
    const spec = this.specOf(collection);
    const table = quotedTable(this.names, collection);
    const key = JSON.stringify(id);
    this.effects.records.set(recordKey(collection, id), json);
    if (!spec.fullText?.length) {
      this.queries.statements.get(`INSERT INTO ${table} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`).run(key, json);
      return;
    }
    // A new record has no full-text row to replace (an import inserts them by the hundred thousand): only a
    // changed one has its old row removed first. The insert answers a rowid only when it inserted.
    const inserted = this.queries.statements.get(`INSERT INTO ${table} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO NOTHING RETURNING rowid`).get(key, json) as
      { rowid: number | bigint } | undefined;
    const row =
      inserted ?? (this.queries.statements.get(`UPDATE ${table} SET doc = ? WHERE id = ? RETURNING rowid`).get(json, key) as { rowid: number | bigint });
    // Indexed from the stored JSON round trip, as MongoDB indexes its normalised copy.
    this.fullText.put(spec, row.rowid, JSON.parse(json) as Doc, inserted === undefined);
  }

  async remove(collection: string, id: Id): Promise<void> {
    this.check(collection);
    this.effects.records.set(recordKey(collection, id), null);
    const row = this.queries.statements
      .get(`DELETE FROM ${quotedTable(this.names, collection)} WHERE id = ? RETURNING rowid`)
      .get(JSON.stringify(assertId(id))) as { rowid: number | bigint } | undefined;
    if (row && this.specOf(collection).fullText?.length) this.fullText.remove(collection, row.rowid);
  }

  async getCheckpoint(name: string): Promise<number | null> {
    this.check();
    return this.queries.getCheckpoint(name);
  }

  async setCheckpoint(name: string, position: number | null): Promise<void> {
    this.check();
    if (position === null) {
      this.queries.statements.get('DELETE FROM _checkpoints WHERE name = ?').run(name);
      return;
    }
    if (!Number.isSafeInteger(position)) throw new RangeError(`Checkpoint position must be an integer, got ${position}`);
    this.queries.statements
      .get('INSERT INTO _checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position')
      .run(name, position);
  }

  async clear(collection: string): Promise<void> {
    this.check(collection);
    this.queries.statements.get(`DELETE FROM ${quotedTable(this.names, collection)}`).run();
    // Its records written before are gone: a change of one is then loaded by a read of the feed, not from here.
    for (const key of this.effects.records.keys()) if (key.startsWith(recordKeyPrefix(collection))) this.effects.records.delete(key);
    if (this.specOf(collection).fullText?.length) this.fullText.clear(collection);
  }

  async appendFeed(batch: FeedBatch): Promise<void> {
    this.check();
    const { previous, changes } = this.feed.append(batch);
    this.effects.feedAppended = true;
    this.effects.feed = { previous, position: batch.position, changes };
  }

  async pruneFeed(retention: FeedRetention): Promise<number> {
    this.check();
    return this.feed.prune(retention);
  }

  async switchBuild(collections: string[], tag: string): Promise<void> {
    this.check();
    for (const name of collections) this.specOf(name);
    switchBuild(this.db, collections, tag);
    this.effects.switched.push({ collections: [...collections], tag });
  }

  private check(collection?: string): void {
    if (this.finished) throw new Error('This read-store transaction has already ended');
    if (collection !== undefined) this.specOf(collection);
  }
}
