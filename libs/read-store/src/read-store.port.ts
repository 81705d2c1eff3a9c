import type { Query, Paginated, Where } from '@portal/contracts';

/**
 * The read store port. Two adapters answer the same Feathers queries identically
 * (read-store.contract.ts): embedded SQLite and MongoDB.
 */

export type Doc = Record<string, unknown> & { id: string | number };

declare const rowType: unique symbol;
/**
 * A collection's name that carries the type of its records: reads through it return `Row`s and writes take
 * them. Handles are made once per collection (`@portal/read-models`); a plain name reads untyped `Doc`s.
 */
export type Collection<Row = Doc> = string & { readonly [rowType]?: Row };

/** What every stored record has: its id. */
export interface Keyed {
  id: string | number;
}

/** A full-text search: every word of `text` must match (AND); `word*` matches as a prefix. */
export interface SearchRequest {
  text: string;
  /** An already validated Feathers where-clause (client scope, category...) the hits must also match. */
  where: Where;
  skip: number;
  limit: number;
  /** Top-level fields the hits' records come without (after the snippet was cut from them). */
  omit?: string[];
}

/** Plain text (no markup) of one field; highlights are [start, end) offsets into `text`. */
export interface SearchSnippet {
  field: string;
  text: string;
  highlights: Array<[start: number, end: number]>;
}

export interface SearchHit<Row = Doc> {
  doc: Row;
  /** Relevance, higher is better; comparable only within one search of one adapter. */
  rank: number;
  snippet: SearchSnippet | null;
}

export interface CollectionSpec {
  name: string;
  /** Field lists to index, in order (compound indexes). */
  indexes: string[][];
  /** Fields covered by full-text search, if the collection has any. */
  fullText?: string[];
}

/** One record change as the change feed keeps it: which record and how, never the whole record. */
export interface FeedChange {
  collection: string;
  id: string | number;
  event: 'created' | 'patched' | 'removed';
  /**
   * The record as it was, in its small form (`recordSummary`: its short fields, which include the fields
   * read rules look at), for removals and for patches that changed the small form: the gateway tells a
   * connection that could read it before and no longer can that it was removed.
   */
  before?: Doc;
}

/** The changes of one committed projector batch, keyed by the log position the read models stand at after it. */
export interface FeedBatch {
  position: number;
  changes: FeedChange[];
}

/** A change with its record as the store held it when the feed was read (null: gone since). */
export interface LoadedFeedChange extends FeedChange {
  doc: Doc | null;
}

export interface LoadedFeedBatch {
  position: number;
  changes: LoadedFeedChange[];
}

export interface FeedSubscription {
  /** Stops following; resolves when no handler call runs any more. */
  close(): Promise<void>;
}

export interface FollowOptions {
  /** Deliver batches with a position strictly greater than this; null: from the oldest batch kept. */
  after: number | null;
  /** Called with each batch in position order, one at a time. */
  onBatch(batch: LoadedFeedBatch): Promise<void> | void;
  /**
   * Tries of a batch whose handler throws before it is skipped (reported each time); default 3, so one failing
   * push does not stall a portal. Infinity: never skipped (a relay that must not lose a batch).
   */
  maxTries?: number;
  /** Told about a failed read or handler; following goes on after a pause. */
  onError?(error: unknown): void;
  /** The batches before `after` were pruned already: the reader missed them and goes on from `resumedAt`. */
  onGap?(missedAfter: number | null, resumedAt: number | null): void;
}

/** How long the feed keeps batches: at least `keepMs`, and what a reader seen within `readerTimeoutMs` has not read yet. */
export interface FeedRetention {
  keepMs: number;
  readerTimeoutMs: number;
  /** A reader not seen for this long is forgotten (its row removed). */
  forgetReaderMs?: number;
}

/**
 * The durable change feed of the read store: the projector appends one batch per committed transaction
 * (`ReadTransaction.appendFeed`, in the same transaction as its checkpoint), every api process follows it.
 */
export interface ChangeFeed {
  /** Up to `limit` batches after `after` (null: from the oldest kept), oldest first, with their records read in one snapshot. */
  read(after: number | null, limit: number): Promise<LoadedFeedBatch[]>;
  /** Position of the newest batch, or null when the feed is empty. */
  head(): Promise<number | null>;
  /** Catch-up from `after`, then live, with no gap and no duplicate (SQLite: a cheap indexed poll plus a wake-up from this process's commits). */
  follow(options: FollowOptions): FeedSubscription;
  /** Remembers how far a reader (an api instance) got: it resumes there, and pruning keeps what it has not read. */
  saveReader(reader: string, position: number): Promise<void>;
  readerPosition(reader: string): Promise<number | null>;
}

/** Who asks for the writer lease: a unique holder id per process, and where it runs (a holder on this host whose process is gone is replaced at once). */
export interface LeaseClaim {
  name: string;
  holder: string;
  host: string;
  pid: number;
}

/** A held lease: every fenced transaction checks, in the transaction, that its holder and epoch are still the lease's. */
export interface Fence {
  name: string;
  holder: string;
  epoch: number;
  ttlMs: number;
}

export interface LeaseState {
  holder: string;
  host: string;
  pid: number;
  epoch: number;
  expiresAt: number;
}

/** The single-writer lease of the read store (one projector writes at a time). */
export interface Leases {
  /** Takes the lease when it is free, expired, or held by a dead process on this host; null when someone else holds it. A new epoch each time. */
  tryAcquire(claim: LeaseClaim, ttlMs: number): Promise<Fence | null>;
  current(name: string): Promise<LeaseState | null>;
  /** Gives the lease up (when still held with this fence), so a waiting writer takes over at once. */
  release(fence: Fence): Promise<void>;
}

/** Thrown inside a fenced transaction whose lease moved on: nothing of the transaction is written. */
export class FencedOut extends Error {
  constructor(
    readonly fence: Fence,
    readonly current: Pick<LeaseState, 'holder' | 'epoch'> | null,
  ) {
    super(
      `The lease '${fence.name}' is held by ${current ? `${current.holder} (epoch ${current.epoch})` : 'nobody'}, not by ${fence.holder} (epoch ${fence.epoch}): this writer stops`,
    );
    this.name = 'FencedOut';
  }
}

export interface TransactionOptions {
  /** Commit only while this lease is held with this epoch (checked and renewed inside the transaction). */
  fence?: Fence;
}

/**
 * Build copies: a projection whose version changed is rebuilt beside its live collections, which readers keep
 * seeing until the copy has caught up and `ReadTransaction.switchBuild` makes it live.
 */
export interface Builds {
  /** True when every named collection has no record (a projection seen for the first time builds in place). */
  allEmpty(collections: string[]): Promise<boolean>;
  /** True when a build copy tagged `tag` exists for every named collection. */
  exists(collections: string[], tag: string): Promise<boolean>;
  /**
   * From now on this store's transactions read and write these collections in their build copies (readers
   * outside transactions keep the live ones). `fresh` drops a copy left over and starts an empty one.
   */
  start(specs: CollectionSpec[], tag: string, fresh: boolean): Promise<void>;
}

/** Writes of one projection batch, with the checkpoints, in one transaction. */
export interface ReadTransaction {
  get<Row = Doc>(collection: Collection<Row> | string, id: string | number): Promise<Row | null>;
  /** Documents matching a Feathers where-clause (for projections that update many records). */
  findWhere<Row = Doc>(collection: Collection<Row> | string, where: Query['where']): Promise<Row[]>;
  put<Row extends Keyed = Doc>(collection: Collection<Row> | string, doc: Row): Promise<void>;
  /** `put` of a record already in its stored form (`docToJson`'s output), where the store can skip the JSON work. */
  putJson?(collection: string, id: string | number, json: string): Promise<void>;
  remove(collection: string, id: string | number): Promise<void>;
  getCheckpoint(name: string): Promise<number | null>;
  setCheckpoint(name: string, position: number | null): Promise<void>;
  /** Removes every record of a collection (small collections; rebuilds use build copies). */
  clear(collection: string): Promise<void>;
  /** Appends the batch's changes to the change feed; its position must be new. */
  appendFeed(batch: FeedBatch): Promise<void>;
  /** Drops feed batches nobody needs any more (see FeedRetention); returns how many went. */
  pruneFeed(retention: FeedRetention): Promise<number>;
  /** Makes the build copies tagged `tag` of these collections live, with this transaction's commit; the old ones go. */
  switchBuild(collections: string[], tag: string): Promise<void>;
}

/** One collection of a fresh load: its records as (JSON of the id, stored JSON) pairs, each id once. */
export interface CollectionLoad {
  name: string;
  records: Iterable<readonly [idJson: string, json: string]>;
}

export interface ReadStore {
  ensureCollections(specs: CollectionSpec[]): Promise<void>;
  find<Row = Doc>(collection: Collection<Row> | string, query: Query): Promise<Paginated<Row>>;
  get<Row = Doc>(collection: Collection<Row> | string, id: string | number): Promise<Row | null>;
  /**
   * Full-text search over a collection with `fullText` fields (else an Error): hits ordered by rank
   * (best first), then by id; `total` counts all hits that also match `where`.
   */
  search<Row = Doc>(collection: Collection<Row> | string, request: SearchRequest): Promise<Paginated<SearchHit<Row>>>;
  getCheckpoint(name: string): Promise<number | null>;
  /** Runs `work` in one transaction: all its writes and checkpoints land together or not at all. */
  transaction<T>(work: (tx: ReadTransaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
  readonly feed: ChangeFeed;
  readonly leases: Leases;
  readonly builds: Builds;
  /**
   * Writes whole collections into a store where they are empty (a rebuild folded in memory), with these
   * checkpoints, in one transaction: each collection's secondary indexes are built after its records are in.
   * Throws (and writes nothing) when one of them holds records. Returns the milliseconds spent per collection.
   * Optional: a store without it is rebuilt through transactions of puts.
   */
  loadFresh?(collections: readonly CollectionLoad[], checkpoints: ReadonlyMap<string, number>): Promise<Map<string, number>>;
  /** Stable hash of a collection's content (sorted by id), for replay checks. */
  checksum(collection: string): Promise<string>;
  close(): Promise<void>;
}
