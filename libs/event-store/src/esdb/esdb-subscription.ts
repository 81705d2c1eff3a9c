import { excludeSystemEvents, type AllStreamSubscription, type EventStoreDBClient } from '@eventstore/db-client';
import type { RecordedEvent, SubscribeOptions, Subscription } from '../event-store.port';
import type { Logger } from '../logger';
import { fromEsdbRecord, toReadPosition } from './esdb-mapping';

const DEFAULT_BATCH_SIZE = 500;
const RETRY_DELAY_MS = 1000;

class HandlerFailed extends Error {
  constructor(readonly original: unknown) {
    super('onEvents failed');
  }
}

/**
 * A catch-up subscription to $all. The server's subscription already goes from catch-up to live
 * without gap; this adds batching, one handler call at a time, a position filter against duplicates,
 * and resubscription from the last delivered position when the connection drops.
 * If onEvents throws, the subscription stops (reporting through onError): skipping would be a gap.
 */
export class EsdbSubscription implements Subscription {
  private closed = false;
  private current: AllStreamSubscription | null = null;
  private readonly finished: Promise<void>;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: SubscribeOptions,
    private readonly logger: Logger,
    onFinished: (subscription: EsdbSubscription) => void,
  ) {
    this.finished = this.run().finally(() => onFinished(this));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.current?.unsubscribe().catch(() => undefined);
    await this.finished;
  }

  private async run(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    let delivered = this.options.after;
    while (!this.closed) {
      const subscription = this.client.subscribeToAll({ fromPosition: toReadPosition(delivered), filter: excludeSystemEvents() });
      this.current = subscription;
      try {
        delivered = await this.consume(subscription, delivered);
      } catch (error) {
        if (error instanceof HandlerFailed) {
          this.closed = true;
          this.report(error.original);
        } else if (!this.closed) {
          this.report(error);
          await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        }
      } finally {
        this.current = null;
        await subscription.unsubscribe().catch(() => undefined);
      }
    }
  }

  /** Delivers until the stream ends or fails; returns the position of the last delivered event. */
  private async consume(subscription: AllStreamSubscription, after: number | null): Promise<number | null> {
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    let delivered = after;
    let accepted = after;
    let batch: RecordedEvent[] = [];
    for await (const resolved of subscription as AsyncIterable<{ event?: Parameters<typeof fromEsdbRecord>[0] }>) {
      if (this.closed) break;
      const event = fromEsdbRecord(resolved.event);
      if (event && (accepted === null || event.position > accepted)) {
        batch.push(event);
        accepted = event.position;
      }
      // Flush when full, or when nothing more is buffered (live: deliver at once).
      if (batch.length >= batchSize || (batch.length > 0 && subscription.readableLength === 0)) {
        const events = batch;
        batch = [];
        try {
          await this.options.onEvents(events);
        } catch (error) {
          throw new HandlerFailed(error);
        }
        delivered = events[events.length - 1].position;
      }
    }
    return delivered;
  }

  private report(error: unknown): void {
    if (this.options.onError) this.options.onError(error);
    else this.logger.error('EventStoreDB subscription failed', error);
  }
}
