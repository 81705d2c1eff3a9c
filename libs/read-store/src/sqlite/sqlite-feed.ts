import type Database from 'better-sqlite3';
import type { Doc, FeedBatch, FeedChange, FeedRetention, LoadedFeedBatch, LoadedFeedChange } from '../read-store.port';
import { SerialQueue } from '../shared/serial-queue';
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

  /** Writes the batch's row; answers the row's text and the feed's newest position before it (its predecessor for a follower). */
  append(batch: FeedBatch): { previous: number | null; changes: string } {
    if (!Number.isSafeInteger(batch.position)) throw new RangeError(`A feed position must be an integer, got ${batch.position}`);
    // Under the write lock: no other batch can come between this one and its predecessor.
    const newest = this.statements.get('SELECT MAX(position) AS position FROM _feed').get() as { position: number | null };
    const previous =
      newest.position ?? (this.statements.get('SELECT through FROM _feed_pruned WHERE id = 1').get() as { through: number } | undefined)?.through ?? null;
    const changes = JSON.stringify(encodeChanges(batch.changes));
    // INSERT, not upsert: a position written twice means two writers, and the transaction must fail.
    this.statements.get('INSERT INTO _feed (position, changes, written_at) VALUES (?, ?, ?)').run(batch.position, changes, Date.now());
    return { previous, changes };
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

/**
 * Where a read loads the batches' records across turns of the event loop: a connection of the feed's own (no
 * other read runs on it), whose read transaction keeps the batches and their records in one snapshot while the
 * loop answers other requests between slices. A 500-entry batch's records took 10-15 ms to load under load.
 */
export interface FeedSnapshots {
  db: Database.Database;
  statements: StatementCache;
  load: (collection: string, id: string | number) => Doc | null;
  /** Undefined while the slice lasts, else a promise of the loop's next turn. */
  step(): Promise<void> | undefined;
}

/** Reads over the store's reader connection (or the feed's own, `snapshots`): batches with their records in one snapshot. */
export class SqliteFeedReader {
  private readonly reads = new SerialQueue();

  constructor(
    private readonly db: Database.Database,
    private readonly statements: StatementCache,
    /** The record as the live table holds it, or null (also for a collection this store does not know). */
    private readonly load: (collection: string, id: string | number) => Doc | null,
    private readonly snapshots?: FeedSnapshots,
  ) {}

  read(after: number | null, limit: number): Promise<LoadedFeedBatch[]> {
    const own = this.snapshots;
    if (!own) return Promise.resolve(this.db.transaction(() => loadAll(this.rowsAfter(this.statements, after, limit), this.load))());
    // One read at a time on the feed's connection: its transaction spans turns.
    return this.reads.run(async () => {
      own.db.exec('BEGIN');
      try {
        const batches: LoadedFeedBatch[] = [];
        for (const row of this.rowsAfter(own.statements, after, limit)) {
          const changes: LoadedFeedChange[] = [];
          for (const change of decodeChanges(JSON.parse(row.changes) as StoredChange[])) {
            changes.push(loaded(change, own.load));
            await own.step();
          }
          batches.push({ position: row.position, changes });
        }
        return batches;
      } finally {
        if (own.db.open && own.db.inTransaction) own.db.exec('COMMIT');
      }
    });
  }

  private rowsAfter(statements: StatementCache, after: number | null, limit: number): FeedRow[] {
    const pruned = this.prunedThrough(statements);
    if (after !== null && pruned !== null && after < pruned) throw new FeedGap(after, pruned);
    return statements.get('SELECT position, changes FROM _feed WHERE position > ? ORDER BY position LIMIT ?').all(after ?? -1, limit) as FeedRow[];
  }

  head(): number | null {
    const row = this.statements.get('SELECT MAX(position) AS position FROM _feed').get() as { position: number | null };
    return row.position ?? this.prunedThrough();
  }

  readerPosition(reader: string): number | null {
    const row = this.statements.get('SELECT position FROM _feed_readers WHERE reader = ?').get(reader) as { position: number } | undefined;
    return row?.position ?? null;
  }

  private prunedThrough(statements = this.statements): number | null {
    const row = statements.get('SELECT through FROM _feed_pruned WHERE id = 1').get() as { through: number } | undefined;
    return row?.through ?? null;
  }
}

interface FeedRow {
  position: number;
  changes: string;
}

const loaded = (change: FeedChange, load: (collection: string, id: string | number) => Doc | null): LoadedFeedChange => ({
  ...change,
  doc: change.event === 'removed' ? null : load(change.collection, change.id),
});

const loadAll = (rows: FeedRow[], load: (collection: string, id: string | number) => Doc | null): LoadedFeedBatch[] =>
  rows.map((row) => ({ position: row.position, changes: decodeChanges(JSON.parse(row.changes) as StoredChange[]).map((change) => loaded(change, load)) }));

export function saveReaderPosition(statements: StatementCache, reader: string, position: number, now = Date.now()): void {
  statements
    .get(
      'INSERT INTO _feed_readers (reader, position, seen_at) VALUES (?, ?, ?) ON CONFLICT(reader) DO UPDATE SET position = excluded.position, seen_at = excluded.seen_at',
    )
    .run(reader, position, now);
}
