import Database from 'better-sqlite3';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventData,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.port';
import { silentLogger, type Logger } from '../logger';
import { hopClock, traceHop, tracingHops } from '../hop-trace';
import { groupWriter, type GroupAppend, type GroupOutcome } from './append-group';
import { AppendThread } from './append-thread-client';
import { ChangeSignal } from './change-signal';
import { beginImmediate } from './begin-immediate';
import { FileWake } from './file-wake';
import { PollingSubscription } from './polling-subscription';
import { configure, EVENT_COLUMNS, type EventRow, type SynchronousMode } from './sqlite-schema';

export interface SqliteEventStoreOptions {
  /** `FULL` (default) fsyncs every commit: an acknowledged append survives a power cut. */
  synchronous?: SynchronousMode;
  /**
   * How often live subscriptions look for appends made by other processes; default 200 ms. Only the fallback with
   * a file: other processes' appends wake them through `<file>-wake` at once (see FileWake).
   */
  pollIntervalMs?: number;
  /** How long a writer waits for another process's write lock; default 5000 ms. */
  busyTimeoutMs?: number;
  logger?: Logger;
  /**
   * Group commits written by a thread of their own (default for a file, when the compiled thread exists): the write
   * lock wait and the COMMIT's fsync do not hold the event loop. `false` writes on the loop (an in-memory log always).
   */
  appendInThread?: boolean;
  /** The compiled append thread to run (tests that load the TypeScript sources point at the built one). */
  appendThreadFile?: string;
  /** After each durable commit: how many appends and events it held (group commit, for metrics and tests). */
  onCommit?(appends: number, events: number): void;
}

interface PendingAppend {
  streamId: string;
  events: readonly EventData[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/**
 * The embedded event store: one SQLite file (WAL), one table. `position` is the table's
 * AUTOINCREMENT rowid, assigned under the write lock, so positions grow in commit order and are never
 * reused, also across processes sharing the file.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly signal = new ChangeSignal();
  /** Wakes subscriptions of other processes after a commit of this one, and this one's after theirs; none in memory. */
  private readonly wake: FileWake | null;
  private readonly subscriptions = new Set<PollingSubscription>();
  private readonly pollIntervalMs: number;
  private readonly logger: Logger;
  private closed = false;

  private readonly readStreamStmt: Database.Statement<[string, number], EventRow>;
  private readonly readAllStmt: Database.Statement<[number, number], EventRow>;
  private readonly headStmt: Database.Statement<[], number | null>;
  private readonly byCommandStmt: Database.Statement<[string], EventRow>;
  private readonly dataVersionStmt: Database.Statement<[], number>;
  /** Writes a group on this connection, inside the transaction flush opened (no append thread). */
  private readonly writeGroup: (appends: readonly GroupAppend[]) => GroupOutcome[];
  /** Null without one, and after it failed: then the groups are written on the loop. */
  private thread: AppendThread | null;
  private pending: PendingAppend[] = [];
  /** A group commit waiting for the write lock another process holds. */
  private flushing: Promise<void> | null = null;
  private readonly busyTimeoutMs: number;
  private readonly onCommit: (appends: number, events: number) => void;

  constructor(filePath: string, options: SqliteEventStoreOptions = {}) {
    this.pollIntervalMs = options.pollIntervalMs ?? 200;
    this.logger = options.logger ?? silentLogger;
    this.onCommit = options.onCommit ?? (() => undefined);
    this.db = new Database(filePath);
    this.wake = filePath === ':memory:' || filePath === '' ? null : new FileWake(`${filePath}-wake`, this.signal, this.logger);
    this.busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    configure(this.db, options.synchronous ?? 'FULL', this.busyTimeoutMs);

    this.readStreamStmt = this.db
      .prepare<[string, number], EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision`)
      .raw(true);
    this.readAllStmt = this.db
      .prepare<[number, number], EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`)
      .raw(true);
    this.headStmt = this.db.prepare<[], number | null>('SELECT MAX(position) FROM events').pluck();
    this.byCommandStmt = this.db.prepare<[string], EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE command_id = ? ORDER BY position`).raw(true);
    // Moves when another connection (another process, or this store's append thread) committed: polls look at it before reading.
    this.dataVersionStmt = this.db.prepare<[], number>('PRAGMA data_version').pluck();
    this.writeGroup = groupWriter(this.db);
    const inThread = this.wake !== null && (options.appendInThread ?? true) && AppendThread.available(options.appendThreadFile);
    this.thread = inThread
      ? new AppendThread(
          { file: filePath, synchronous: options.synchronous ?? 'FULL', busyTimeoutMs: this.busyTimeoutMs },
          options.appendThreadFile,
          (error) => {
            // The groups on their way are rejected (the callers retry with their command ids); later ones go on the loop.
            this.logger.error('the event log append thread failed; appends are written on the event loop from now on', error);
            this.thread = null;
          },
        )
      : null;
  }

  /**
   * Group commit: appends arriving while the event loop is busy (concurrent commands) are written in one
   * transaction with one fsync, each with its own revision check. A promise settles only after the
   * commit that holds its events is durable.
   */
  append(streamId: string, events: EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new RangeError(`append to ${streamId}: no events`));
    if (this.closed) return Promise.reject(new Error('SqliteEventStore is closed'));
    return new Promise<AppendResult>((resolve, reject) => {
      if (this.pending.push({ streamId, events, expected, resolve, reject }) === 1) setImmediate(() => void this.flush());
    });
  }

  /**
   * Commits the pending appends as one group: in the append thread, or here, where while another process holds the
   * write lock it waits with the event loop free (see beginImmediate). Appends arriving meanwhile form the next group.
   */
  private flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.pending.length === 0) return Promise.resolve();
    const began = tracingHops() ? hopClock() : undefined;
    if (this.thread) return this.whileFlushing(this.flushInThread(this.thread, began));
    let locked: true | Promise<void>;
    try {
      locked = beginImmediate(this.db, this.busyTimeoutMs);
    } catch (error) {
      this.failPending(error);
      return Promise.resolve();
    }
    if (locked === true) {
      this.commitPending(began);
      return Promise.resolve();
    }
    return this.whileFlushing(
      locked.then(
        () => this.commitPending(began, began === undefined ? undefined : hopClock()),
        (error: unknown) => this.failPending(error),
      ),
    );
  }

  private whileFlushing(work: Promise<void>): Promise<void> {
    const flushing = work.finally(() => {
      this.flushing = null;
      if (this.pending.length > 0) setImmediate(() => void this.flush());
    });
    this.flushing = flushing;
    return flushing;
  }

  private async flushInThread(thread: AppendThread, began: number | undefined): Promise<void> {
    const group = this.pending;
    this.pending = [];
    let written: { outcomes: GroupOutcome[]; locked: number };
    try {
      written = await thread.write(group.map(toGroupAppend));
    } catch (error) {
      for (const a of group) a.reject(error);
      return;
    }
    this.settle(group, written.outcomes, began, began === undefined ? undefined : written.locked);
  }

  /** Inside the transaction flush opened: each append with its own revision check, then one COMMIT (one fsync). */
  private commitPending(began: number | undefined, locked?: number): void {
    const group = this.pending;
    this.pending = [];
    let outcomes: GroupOutcome[];
    try {
      outcomes = this.writeGroup(group.map(toGroupAppend));
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      for (const a of group) a.reject(error);
      return;
    }
    this.settle(group, outcomes, began, locked);
  }

  /** After a durable COMMIT: wake the followers (here and in other processes), then answer each append. */
  private settle(group: PendingAppend[], outcomes: GroupOutcome[], began: number | undefined, locked: number | undefined): void {
    this.signal.notify();
    this.wake?.touch();
    if (began !== undefined) traceAppend(outcomes, began, locked);
    this.onCommit(
      group.length,
      group.reduce((n, a) => n + a.events.length, 0),
    );
    group.forEach((a, i) => {
      const outcome = outcomes[i]!;
      if ('wrongRevision' in outcome) a.reject(new WrongExpectedRevisionError(a.streamId, outcome.wrongRevision.expected, outcome.wrongRevision.actual));
      else a.resolve(outcome);
    });
  }

  private failPending(error: unknown): void {
    const group = this.pending;
    this.pending = [];
    for (const a of group) a.reject(error);
  }

  async readStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    return this.readStreamStmt.all(streamId, fromRevision).map(toRecordedEvent);
  }

  async readAll(after: number | null, maxCount: number): Promise<RecordedEvent[]> {
    return this.readPage(after, maxCount);
  }

  async headPosition(): Promise<number | null> {
    return this.headStmt.get() ?? null;
  }

  /** Events appended by one command, for idempotency checks. SQLite only: not part of the port. */
  async readByCommandId(commandId: string): Promise<RecordedEvent[]> {
    return this.byCommandStmt.all(commandId).map(toRecordedEvent);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    if (this.closed) throw new Error('SqliteEventStore is closed');
    this.wake?.watch();
    const wake = this.wake;
    const pollIntervalMs = this.pollIntervalMs;
    const subscription = new PollingSubscription(
      {
        readPage: (after, max) => this.readPage(after, max),
        signal: this.signal,
        get pollIntervalMs() {
          return wake ? wake.pollMs(pollIntervalMs) : pollIntervalMs;
        },
        logger: this.logger,
        dataVersion: () => (this.closed ? -1 : (this.dataVersionStmt.get() as number)),
      },
      options,
      (finished) => this.subscriptions.delete(finished),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    this.closed = true;
    await this.thread?.close();
    this.wake?.close();
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    this.db.close();
  }

  private readPage(after: number | null, maxCount: number): RecordedEvent[] {
    if (this.closed) return [];
    return this.readAllStmt.all(after ?? 0, maxCount).map(toRecordedEvent);
  }
}

function toGroupAppend(append: PendingAppend): GroupAppend {
  return {
    streamId: append.streamId,
    expected: append.expected,
    events: append.events.map((event) => ({
      type: event.type,
      data: JSON.stringify(event.data),
      metadata: JSON.stringify(event.metadata),
      commandId: event.metadata.commandId ?? null,
    })),
  };
}

function toRecordedEvent([position, streamId, revision, type, data, metadata]: EventRow): RecordedEvent {
  return {
    streamId,
    revision,
    position,
    type,
    data: JSON.parse(data) as RecordedEvent['data'],
    metadata: JSON.parse(metadata) as RecordedEvent['metadata'],
  };
}

/** The positions a group commit wrote, stamped from the start of its transaction (lock wait and fsync included). */
function traceAppend(outcomes: readonly GroupOutcome[], began: number, locked: number | undefined): void {
  const positions = outcomes.flatMap((o) => ('wrongRevision' in o ? [] : [o.position]));
  if (positions.length > 0) traceHop('append', Math.min(...positions), Math.max(...positions), began, locked);
}
