import type Database from 'better-sqlite3';
import type { Doc, FeedBatch, FeedRetention, LoadedFeedBatch } from '../read-store.port';
import { decodeChanges, encodeChanges, type StoredChange } from '../feed/stored-changes';
import { FeedGap } from '../feed/feed-gap';
import { forgetReadersBefore, pruneThrough, PRUNE_SCAN } from '../feed/retention';
import type { StatementCache } from './statement-cache';

/**
 * The change feed in SQLite: one row per committed projector batch, keyed by its position (the rowid, so
 * "after p" is an index seek), written in the projector's transaction. A change is stored as a small tuple
 * [collection, id, event, before?]: the feed never holds whole records.
 */
export const FEED_DDL = [
  'CREATE TABLE IF NOT EXISTS _feed (position INTEGER PRIMARY KEY, changes TEXT NOT NULL, written_at INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS _feed_readers (reader TEXT PRIMARY KEY, position INTEGER NOT NULL, seen_at INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS _feed_pruned (id INTEGER PRIMARY KEY CHECK (id = 1), through INTEGER NOT NULL)',
];

/** Writes inside the projector's transaction. */
export class SqliteFeedWriter {
  constructor(private readonly statements: StatementCache) {}

  append(batch: FeedBatch): void {
    if (!Number.isSafeInteger(batch.position)) throw new RangeError(`A feed position must be an integer, got ${batch.position}`);
    // INSERT, not upsert: a position written twice means two writers, and the transaction must fail.
    this.statements
      .get('INSERT INTO _feed (position, changes, written_at) VALUES (?, ?, ?)')
      .run(batch.position, JSON.stringify(encodeChanges(batch.changes)), Date.now());
  }

  /**
   * Drops the oldest batches that are older than `keepMs` and that every reader seen within `readerTimeoutMs`
   * has read; remembers how far it pruned, so a reader that comes back from before learns of its gap.
   */
  prune(retention: FeedRetention, now = Date.now()): number {
    this.statements.get('DELETE FROM _feed_readers WHERE seen_at < ?').run(forgetReadersBefore(retention, now));
    const live = this.statements.get('SELECT MIN(position) AS position FROM _feed_readers WHERE seen_at >= ?').get(now - retention.readerTimeoutMs) as {
      position: number | null;
    };
    const oldest = this.statements.get('SELECT position, written_at AS writtenAt FROM _feed ORDER BY position LIMIT ?').all(PRUNE_SCAN) as Array<{
      position: number;
      writtenAt: number;
    }>;
    const through = pruneThrough(oldest, live.position, retention, now);
    if (through === null) return 0;
    const removed = this.statements.get('DELETE FROM _feed WHERE position <= ?').run(through).changes;
    this.statements
      .get('INSERT INTO _feed_pruned (id, through) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET through = MAX(through, excluded.through)')
      .run(through);
    return removed;
  }
}

/** Reads over the store's reader connection: batches with their records in one snapshot. */
export class SqliteFeedReader {
  constructor(
    private readonly db: Database.Database,
    private readonly statements: StatementCache,
    /** The record as the live table holds it, or null (also for a collection this store does not know). */
    private readonly load: (collection: string, id: string | number) => Doc | null,
  ) {}

  read(after: number | null, limit: number): LoadedFeedBatch[] {
    return this.db.transaction((): LoadedFeedBatch[] => {
      const pruned = this.prunedThrough();
      if (after !== null && pruned !== null && after < pruned) throw new FeedGap(after, pruned);
      const rows = this.statements.get('SELECT position, changes FROM _feed WHERE position > ? ORDER BY position LIMIT ?').all(after ?? -1, limit) as Array<{
        position: number;
        changes: string;
      }>;
      return rows.map((row) => ({
        position: row.position,
        changes: decodeChanges(JSON.parse(row.changes) as StoredChange[]).map((change) => ({
          ...change,
          doc: change.event === 'removed' ? null : this.load(change.collection, change.id),
        })),
      }));
    })();
  }

  head(): number | null {
    const row = this.statements.get('SELECT MAX(position) AS position FROM _feed').get() as { position: number | null };
    return row.position ?? this.prunedThrough();
  }

  readerPosition(reader: string): number | null {
    const row = this.statements.get('SELECT position FROM _feed_readers WHERE reader = ?').get(reader) as { position: number } | undefined;
    return row?.position ?? null;
  }

  private prunedThrough(): number | null {
    const row = this.statements.get('SELECT through FROM _feed_pruned WHERE id = 1').get() as { through: number } | undefined;
    return row?.through ?? null;
  }
}

export function saveReaderPosition(statements: StatementCache, reader: string, position: number, now = Date.now()): void {
  statements
    .get(
      'INSERT INTO _feed_readers (reader, position, seen_at) VALUES (?, ?, ?) ON CONFLICT(reader) DO UPDATE SET position = excluded.position, seen_at = excluded.seen_at',
    )
    .run(reader, position, now);
}
