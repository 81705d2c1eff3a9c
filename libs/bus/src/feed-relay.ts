import { READ_MODEL_TOPIC, type ReadModelChangeMessage } from '@portal/messages';
import type { Bus } from './bus.port';

/** One change as the read store's change feed names it (the relay never carries the record itself). */
export interface RelayedChange {
  collection: string;
  id: string | number;
  event: 'created' | 'patched' | 'removed';
  /** The record as it was, in its small form (at most a few KB), when the feed keeps it. */
  before?: Record<string, unknown>;
}

/** The part of the read store's change feed the relay follows (ChangeFeed fits). */
export interface RelaySource {
  follow(options: {
    after: number | null;
    onBatch(batch: { position: number; changes: RelayedChange[] }): Promise<void> | void;
    onError?(error: unknown): void;
    onGap?(missedAfter: number | null, resumedAt: number | null): void;
    maxTries?: number;
  }): { close(): Promise<void> };
  head(): Promise<number | null>;
  saveReader(reader: string, position: number): Promise<void>;
  readerPosition(reader: string): Promise<number | null>;
}

export interface FeedRelayOptions {
  /** Its reader name in the feed (its position is saved there, after each publish); default `kafka-relay`. */
  reader?: string;
  topic?: string;
  onError?(error: unknown): void;
}

/**
 * Publishes the read store's change feed on the bus, for consumers outside the portal: one small message per
 * change, keyed `<collection>/<id>` (changes of one record keep their order, records spread over partitions).
 * It publishes from the durable feed and saves its position only after the bus acknowledged, so a crash at
 * any point republishes rather than loses (at least once: consumers skip a (key, position) seen before).
 */
export class FeedRelay {
  private subscription: { close(): Promise<void> } | null = null;
  private readonly reader: string;
  private readonly topic: string;

  constructor(
    private readonly source: RelaySource,
    private readonly bus: Bus,
    private readonly options: FeedRelayOptions = {},
  ) {
    this.reader = options.reader ?? 'kafka-relay';
    this.topic = options.topic ?? READ_MODEL_TOPIC;
  }

  async start(): Promise<void> {
    const after = (await this.source.readerPosition(this.reader)) ?? (await this.source.head());
    this.subscription = this.source.follow({
      after,
      onBatch: async (batch) => {
        const messages = batch.changes.map((change) => ({ key: `${change.collection}/${String(change.id)}`, value: feedMessage(batch.position, change) }));
        if (messages.length > 0) await this.bus.publish<ReadModelChangeMessage>(this.topic, messages);
        await this.source.saveReader(this.reader, batch.position);
      },
      // A batch the bus refused is tried again until it goes out: the relay never skips one.
      maxTries: Number.POSITIVE_INFINITY,
      onError: (error) => this.options.onError?.(error),
      onGap: (missed, resumed) =>
        this.options.onError?.(new Error(`the change feed was pruned past the relay's position ${String(missed)}; relaying from ${String(resumed)}`)),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = null;
  }
}

/** Only the change's own fields: a loaded record (the feed reader's `doc`) never goes on the bus. */
function feedMessage(position: number, change: RelayedChange): ReadModelChangeMessage {
  return { position, collection: change.collection, id: change.id, event: change.event, ...(change.before ? { before: change.before } : {}) };
}
