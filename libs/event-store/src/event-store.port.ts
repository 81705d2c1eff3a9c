/**
 * The event store port. Two adapters pass one contract suite (event-store.contract.ts):
 * embedded SQLite and EventStoreDB.
 */

/** Who, for whom, when and why: stored with every event (architecture.md, "Event metadata"). */
export interface EventMetadata {
  userId: string;
  /** The client company the change was made on behalf of; null for firm-wide streams. */
  clientNo: number | null;
  /** ISO 8601 time of the command. */
  time: string;
  commandId: string;
  correlationId: string;
  /** Extraction-origin code of spec §3, for extraction results. */
  originCode?: number;
  /** sha256 (hex) over this event's type, data, metadata (without hash) and `prevHash`. */
  hash: string;
  /** The hash of the predecessor in the stream; null for the first event. */
  prevHash: string | null;
}

export interface EventData {
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

export interface RecordedEvent extends EventData {
  streamId: string;
  /** 0-based revision of the event within its stream. */
  revision: number;
  /** Global, strictly increasing position in the log (gaps allowed). */
  position: number;
}

/** `any`: no check. `no_stream`: the stream must not exist. A number: the stream's last revision must equal it. */
export type ExpectedRevision = 'any' | 'no_stream' | number;

export interface AppendResult {
  /** Revision of the last appended event. */
  nextRevision: number;
  /** Global position of the last appended event. */
  position: number;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface Subscription {
  /** Stops delivery; resolves when no handler call is running any more. */
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** Deliver events with a position strictly greater than this; null from the start. */
  after: number | null;
  /** Called with events in position order, each once; the next batch waits for the returned promise. */
  onEvents(events: RecordedEvent[]): Promise<void> | void;
  onError?(error: unknown): void;
  /** Maximum events per onEvents call. */
  batchSize?: number;
}

export interface EventStore {
  append(streamId: string, events: EventData[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Every event of a stream from `fromRevision` (inclusive) in order; [] for a missing stream. */
  readStream(streamId: string, fromRevision?: number): Promise<RecordedEvent[]>;
  /** Up to `maxCount` events with a position strictly greater than `after` (null: from the start). */
  readAll(after: number | null, maxCount: number): Promise<RecordedEvent[]>;
  /** Catch-up from `after`, then live, with no gap and no duplicate. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Position of the newest event in the log, null when empty. */
  headPosition(): Promise<number | null>;
  /** Events appended by one command, by an index (optional: adapters without one leave it out). */
  readByCommandId?(commandId: string): Promise<RecordedEvent[]>;
  close(): Promise<void>;
}
