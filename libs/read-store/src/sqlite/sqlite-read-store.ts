import Database from 'better-sqlite3';
import type { Paginated, Query } from '@portal/contracts';
import type {
  Builds,
  ChangeFeed,
  Collection,
  CollectionLoad,
  CollectionSpec,
  Doc,
  Fence,
  FeedSubscription,
  FollowOptions,
  LeaseClaim,
  Leases,
  LeaseState,
  LoadedFeedBatch,
  ReadStore,
  ReadTransaction,
  SearchHit,
  SearchRequest,
  TransactionOptions,
} from '../read-store.port';
import { PollingFollower } from '../feed/polling-follower';
import { collectionOfKey, CommittedBatches } from '../feed/committed-batches';
import { beginImmediate, ChangeSignal, FileWake, hopClock, LoopSlice, silentLogger, traceHop, tracingHops, type Logger } from '@portal/event-store';
import { assertSearchable } from '../search/document-text';
import { checksumDocs } from '../shared/checksum';
import type { Id } from '../shared/ids';
import { holderIsGone } from '../shared/process-alive';
import { SerialQueue } from '../shared/serial-queue';
import { allEmpty, buildExists, createBuild } from './sqlite-builds';
import { FEED_DDL, saveReaderPosition, SqliteFeedReader } from './sqlite-feed';
import { acquireLease, checkFence, LEASES_DDL, readLease, releaseLease } from './sqlite-lease';
import { SqliteQueries } from './sqlite-queries';
import { ensureFullText } from './sqlite-full-text';
import { buildBaseName, CHECKPOINTS_DDL, ensureCollectionTable, FULL_TEXT_META_DDL, LIVE_TABLES, type TableNames } from './sqlite-schema';
import { SqliteTransaction } from './sqlite-transaction';
import { loadFreshCollection } from './sqlite-fresh-load';
import { WalCheckpointer } from './wal-checkpointer';

export interface SqliteReadStoreOptions {
  /**
   * How often feed followers look for batches committed by other processes; default 200 ms. Only the fallback with
   * a file: a batch committed by another process wakes them through `<file>-wake` at once (see FileWake).
   */
  feedPollMs?: number;
  logger?: Logger;
}

const DEFAULT_FEED_POLL_MS = 200;
/** How long a writer waits for the write lock another process holds before it fails with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

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
  /** Collections this store's transactions read and write in a build copy (the projector rebuilding them). */
  private readonly building = new Map<string, string>();
  private readonly names: TableNames = { base: (collection) => this.building.get(collection) ?? LIVE_TABLES.base(collection) };
  private readonly queue = new SerialQueue();
  private readonly feedSignal = new ChangeSignal();
  /** The last feed batches this store committed: a follower in this process takes them without reading them back. */
  private readonly committed = new CommittedBatches();
  /** Wakes feed followers of other processes after a batch of this one, and this one's after theirs; none in memory. */
  private readonly feedWake: FileWake | null;
  private readonly feedReader: SqliteFeedReader;
  /** The feed's own connection (a file store): its reads span turns of the event loop. */
  private readonly feedConnection: Database.Database | null;
  private readonly feedSlice = new LoopSlice();
  private readonly feedPollMs: number;
  /** With a file: checkpoints the log in a thread of its own, not in the COMMIT on the event loop. */
  private readonly checkpointer: WalCheckpointer | null;
  private closed = false;

  constructor(filePath: string, options: SqliteReadStoreOptions = {}) {
    this.feedPollMs = options.feedPollMs ?? DEFAULT_FEED_POLL_MS;
    this.writer = new Database(filePath, { timeout: BUSY_TIMEOUT_MS });
    this.writer.pragma('journal_mode = WAL');
    this.writer.pragma('synchronous = NORMAL');
    // Statement journals (each insert of a row with its indexes writes one) and temporary b-trees in memory, not in a
    // temporary file: 30,000 statement entries imported took 9.0-10.6 s of CPU against 11.3-12.5 s with the file (alternated)
    // (docs/benchmarks/2026-11-30-statement-import.md). They hold one statement's pages at a time, so little memory.
    this.writer.pragma('temp_store = MEMORY');
    for (const ddl of [CHECKPOINTS_DDL, FULL_TEXT_META_DDL, LEASES_DDL, ...FEED_DDL]) this.writer.exec(ddl);
    const inMemory = filePath === ':memory:' || filePath === '';
    this.reader = inMemory ? this.writer : new Database(filePath, { timeout: 5000, fileMustExist: true });
    this.writes = new SqliteQueries(this.writer, this.names);
    this.reads = new SqliteQueries(this.reader);
    const load = (queries: SqliteQueries) => (collection: string, id: string | number) =>
      this.collections.has(collection) ? queries.get(collection, id) : null;
    // With a file, the feed loads a batch's records on a connection of its own, in slices (a read spanning turns).
    const feedDb = inMemory ? null : new Database(filePath, { timeout: 5000, fileMustExist: true });
    this.feedConnection = feedDb;
    const feedQueries = feedDb && new SqliteQueries(feedDb);
    this.feedReader = new SqliteFeedReader(
      this.reader,
      this.reads.statements,
      load(this.reads),
      feedDb && feedQueries ? { db: feedDb, statements: feedQueries.statements, load: load(feedQueries), step: () => this.feedSlice.step() } : undefined,
    );
    this.checkpointer = inMemory ? null : this.checkpointOffTheLoop(filePath);
    this.feedWake = inMemory ? null : new FileWake(`${filePath}-wake`, this.feedSignal, options.logger ?? silentLogger);
  }

  private checkpointOffTheLoop(filePath: string): WalCheckpointer {
    const checkpointer = new WalCheckpointer(filePath, () => {
      if (!this.closed) this.writer.pragma('wal_autocheckpoint = 1000');
    });
    this.writer.pragma('wal_autocheckpoint = 0');
    return checkpointer;
  }

  readonly feed: ChangeFeed = {
    read: async (after: number | null, limit: number): Promise<LoadedFeedBatch[]> => {
      this.assertOpen();
      return this.feedReader.read(after, limit);
    },
    head: async () => {
      this.assertOpen();
      return this.feedReader.head();
    },
    follow: (options: FollowOptions): FeedSubscription => {
      this.assertOpen();
      const dataVersion = this.reader.prepare('PRAGMA data_version').pluck();
      const wake = this.feedWake;
      wake?.watch();
      const pollMs = this.feedPollMs;
      return new PollingFollower(
        {
          read: (after, limit) => this.feed.read(after, limit),
          head: () => this.feed.head(),
          signal: this.feedSignal,
          committed: this.committed,
          get pollMs() {
            return wake ? wake.pollMs(pollMs) : pollMs;
          },
          dataVersion: () => (this.closed ? -1 : (dataVersion.get() as number)),
        },
        options,
      );
    },
    saveReader: (reader: string, position: number) => this.write(() => saveReaderPosition(this.writes.statements, reader, position)),
    readerPosition: async (reader: string) => {
      this.assertOpen();
      return this.feedReader.readerPosition(reader);
    },
  };

  readonly leases: Leases = {
    tryAcquire: async (claim: LeaseClaim, ttlMs: number): Promise<Fence | null> => {
      this.assertOpen();
      // A look on the reader first: a waiting writer polls without taking the write lock while the lease is held.
      const seen = readLease(this.reads.statements, claim.name);
      if (seen && seen.expiresAt > Date.now() && seen.holder !== claim.holder && !holderIsGone(seen, claim.host)) return null;
      return this.write(() => acquireLease(this.writes.statements, claim, ttlMs));
    },
    current: async (name: string): Promise<LeaseState | null> => {
      this.assertOpen();
      return readLease(this.reads.statements, name);
    },
    release: (fence: Fence) => this.write(() => releaseLease(this.writes.statements, fence)),
  };

  readonly builds: Builds = {
    allEmpty: async (collections: string[]) => {
      this.assertOpen();
      return allEmpty(this.reader, collections);
    },
    exists: async (collections: string[], tag: string) => {
      this.assertOpen();
      return buildExists(this.reader, collections, tag);
    },
    start: (specs: CollectionSpec[], tag: string, fresh: boolean) =>
      this.write(() => {
        createBuild(this.writer, specs, tag, fresh);
        for (const spec of specs) {
          this.collections.set(spec.name, { ...spec, fullText: spec.fullText ? [...spec.fullText] : undefined });
          this.building.set(spec.name, buildBaseName(spec.name, tag));
        }
      }),
  };

  ensureCollections(specs: CollectionSpec[]): Promise<void> {
    return this.write(() => {
      for (const spec of specs) {
        ensureCollectionTable(this.writer, spec);
        ensureFullText(this.writer, spec);
      }
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

  transaction<T>(work: (tx: ReadTransaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    return this.queue.run(async () => {
      this.assertOpen();
      const began = tracingHops() ? hopClock() : undefined;
      await this.lock();
      // The wait for the lock left the loop free: nothing of it held the loop.
      traceHop('store-begin', undefined, undefined, began, began === undefined ? undefined : hopClock());
      const tx = new SqliteTransaction(this.writer, this.writes, this.names, (name) => this.specOf(name));
      let result: T;
      try {
        // Under the write lock nobody can take the lease before this commit: checking it first is checking it at commit.
        if (options.fence) checkFence(this.writes.statements, options.fence);
        result = await work(tx);
        tx.finish();
        this.writer.exec('COMMIT');
        this.checkpointer?.request();
      } catch (error) {
        tx.finish();
        if (this.writer.inTransaction) this.writer.exec('ROLLBACK');
        throw error;
      }
      for (const { collections } of tx.effects.switched) for (const name of collections) this.building.delete(name);
      if (tx.effects.feedAppended) {
        const feed = tx.effects.feed;
        // A batch written into a build copy is not what the live tables hold: followers read those from the feed.
        if (feed && (this.building.size === 0 || ![...tx.effects.records.keys()].some((key) => this.building.has(collectionOfKey(key)))))
          this.committed.add({ ...feed, records: tx.effects.records });
        this.feedSignal.notify();
        this.feedWake?.touch();
      }
      return result;
    });
  }

  loadFresh(collections: readonly CollectionLoad[], checkpoints: ReadonlyMap<string, number>): Promise<Map<string, number>> {
    return this.queue.run(async () => {
      this.assertOpen();
      const ms = new Map<string, number>();
      this.writer
        .transaction(() => {
          for (const collection of collections) {
            const started = performance.now();
            loadFreshCollection(this.writer, this.writes.statements, this.names, this.specOf(collection.name), collection.records);
            ms.set(collection.name, performance.now() - started);
          }
          const setCheckpoint = this.writer.prepare(
            'INSERT INTO _checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position',
          );
          for (const [name, position] of checkpoints) {
            if (!Number.isSafeInteger(position)) throw new RangeError(`Checkpoint position must be an integer, got ${position}`);
            setCheckpoint.run(name, position);
          }
        })
        .immediate();
      this.checkpointer?.request();
      return ms;
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
      this.feedWake?.close();
      this.feedSignal.notify();
      await this.checkpointer?.close();
      if (this.reader !== this.writer) this.reader.close();
      this.feedConnection?.close();
      this.writer.close();
    });
  }

  /** The write lock (BEGIN IMMEDIATE), waited for with the event loop free while another process (the projector, an api) holds it. */
  private async lock(): Promise<void> {
    const locked = beginImmediate(this.writer, BUSY_TIMEOUT_MS);
    if (locked !== true) await locked;
  }

  /** A short write of the store's own (DDL, lease, reader position) in one immediate transaction, queued with the others. */
  private write<T>(work: () => T): Promise<T> {
    return this.queue.run(async () => {
      this.assertOpen();
      const began = tracingHops() ? hopClock() : undefined;
      await this.lock();
      const locked = began === undefined ? undefined : hopClock();
      let result: T;
      try {
        // Inside the open transaction better-sqlite3 runs it as a savepoint.
        result = this.writer.transaction(work)();
        this.writer.exec('COMMIT');
      } catch (error) {
        if (this.writer.inTransaction) this.writer.exec('ROLLBACK');
        throw error;
      }
      traceHop('store-write', undefined, undefined, began, locked);
      return result;
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
