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
import { ChangeSignal } from './change-signal';
import { beginImmediate } from './begin-immediate';
import { FileWake } from './file-wake';
import { PollingSubscription } from './polling-subscription';
import { configure, type EventRow, type SynchronousMode } from './sqlite-schema';

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
  /** After each durable commit: how many appends and events it held (group commit, for metrics and tests). */
  onCommit?(appends: number, events: number): void;
}

const COLUMNS = 'position, stream_id, revision, type, data, metadata';

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

  private readonly lastRevisionStmt: Database.Statement<[string], number | null>;
  private readonly insertStmt: Database.Statement<[string, number, string, string, string, string | null]>;
  private readonly readStreamStmt: Database.Statement<[string, number], EventRow>;
  private readonly readAllStmt: Database.Statement<[number, number], EventRow>;
  private readonly headStmt: Database.Statement<[], number | null>;
  private readonly byCommandStmt: Database.Statement<[string], EventRow>;
  private readonly dataVersionStmt: Database.Statement<[], number>;
  private readonly appendOne: (streamId: string, events: readonly EventData[], expected: ExpectedRevision) => AppendResult;
  private readonly commitGroup: (group: PendingAppend[]) => Array<AppendResult | Error>;
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

    this.lastRevisionStmt = this.db.prepare<[string], number | null>('SELECT MAX(revision) FROM events WHERE stream_id = ?').pluck();
    this.insertStmt = this.db.prepare('INSERT INTO events (stream_id, revision, type, data, metadata, command_id) VALUES (?, ?, ?, ?, ?, ?)');
    this.readStreamStmt = this.db.prepare(`SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision`);
    this.readAllStmt = this.db.prepare(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`);
    this.headStmt = this.db.prepare<[], number | null>('SELECT MAX(position) FROM events').pluck();
    this.byCommandStmt = this.db.prepare(`SELECT ${COLUMNS} FROM events WHERE command_id = ? ORDER BY position`);
    // Moves when another connection (another process) committed to the file: polls look at it before reading.
    this.dataVersionStmt = this.db.prepare<[], number>('PRAGMA data_version').pluck();

    // One append is a savepoint inside the group's transaction: a failed revision check rolls back only its own inserts.
    this.appendOne = this.db.transaction((streamId: string, events: readonly EventData[], expected: ExpectedRevision) =>
      this.appendInTransaction(streamId, events, expected),
    );
    const group = this.db.transaction((appends: PendingAppend[]) =>
      appends.map((a) => {
        try {
          return this.appendOne(a.streamId, a.events, a.expected);
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError) return error;
          throw error;
        }
      }),
    );
    // Called inside the transaction flush opened with the write lock (BEGIN IMMEDIATE) before the current revisions
    // are read, so each check and its insert are one step; better-sqlite3 runs it as a savepoint there.
    this.commitGroup = (appends) => group(appends);
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
   * Commits the pending appends as one group. While another process holds the write lock it waits with the event
   * loop free (see beginImmediate), and appends arriving meanwhile join the group.
   */
  private flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.pending.length === 0) return Promise.resolve();
    const began = tracingHops() ? hopClock() : undefined;
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
    const flushing = locked
      .then(
        () => this.commitPending(began, began === undefined ? undefined : hopClock()),
        (error: unknown) => this.failPending(error),
      )
      .finally(() => {
        this.flushing = null;
        if (this.pending.length > 0) setImmediate(() => void this.flush());
      });
    this.flushing = flushing;
    return flushing;
  }

  /** Inside the transaction flush opened: each append a savepoint with its own revision check, then one COMMIT (one fsync). */
  private commitPending(began: number | undefined, locked?: number): void {
    const group = this.pending;
    this.pending = [];
    let outcomes: Array<AppendResult | Error>;
    try {
      outcomes = this.commitGroup(group);
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      for (const a of group) a.reject(error);
      return;
    }
    this.signal.notify();
    this.wake?.touch();
    if (began !== undefined) traceAppend(outcomes, began, locked);
    this.onCommit(
      group.length,
      group.reduce((n, a) => n + a.events.length, 0),
    );
    group.forEach((a, i) => {
      const outcome = outcomes[i]!;
      if (outcome instanceof Error) a.reject(outcome);
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
    this.wake?.close();
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    this.db.close();
  }

  private readPage(after: number | null, maxCount: number): RecordedEvent[] {
    if (this.closed) return [];
    return this.readAllStmt.all(after ?? 0, maxCount).map(toRecordedEvent);
  }

  private appendInTransaction(streamId: string, events: readonly EventData[], expected: ExpectedRevision): AppendResult {
    const last = this.lastRevisionStmt.get(streamId) ?? null;
    const actual = last === null ? 'no_stream' : last;
    const ok = expected === 'any' || expected === actual;
    if (!ok) throw new WrongExpectedRevisionError(streamId, expected, actual);

    let revision = last ?? -1;
    let position = 0;
    for (const event of events) {
      revision += 1;
      const info = this.insertStmt.run(
        streamId,
        revision,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
        event.metadata.commandId ?? null,
      );
      position = Number(info.lastInsertRowid);
    }
    return { nextRevision: revision, position };
  }
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data) as RecordedEvent['data'],
    metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
  };
}

/** The positions a group commit wrote, stamped from the start of its transaction (lock wait and fsync included). */
function traceAppend(outcomes: ReadonlyArray<AppendResult | Error>, began: number, locked: number | undefined): void {
  const positions = outcomes.flatMap((o) => (o instanceof Error ? [] : [o.position]));
  if (positions.length > 0) traceHop('append', Math.min(...positions), Math.max(...positions), began, locked);
}
