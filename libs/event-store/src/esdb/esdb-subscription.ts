import type { AllStreamSubscription, EventStoreDBClient } from '@eventstore/db-client';
import { esdbDriver } from './esdb-driver';
import type { RecordedEvent, SubscribeOptions, Subscription } from '../event-store.port';
import type { Logger } from '../logger';
import { fromEsdbRecord, toReadPosition, type EsdbRecord } from './esdb-mapping';

const DEFAULT_BATCH_SIZE = 500;
export const RETRY_DELAY_MS = 1000;

class HandlerFailed extends Error {
  constructor(readonly original: unknown) {
    super('onEvents failed');
  }
}

/** The part of the client this subscription uses (a seam for unit tests). */
export type SubscribeToAllClient = Pick<EventStoreDBClient, 'subscribeToAll'>;

/**
 * A catch-up subscription to $all. The server's subscription already goes from catch-up to live
 * without gap; this adds batching, one handler call at a time, a position filter against duplicates,
 * and resubscription from the last delivered position when the connection drops or the server ends it.
 * If onEvents throws, the subscription stops (reporting through onError): skipping would be a gap.
 */
export class EsdbSubscription implements Subscription {
  private closed = false;
  private delivered: number | null;
  private current: AllStreamSubscription | null = null;
  private wakeFromPause: () => void = () => undefined;
  private readonly finished: Promise<void>;

  constructor(
    private readonly client: SubscribeToAllClient,
    private readonly options: SubscribeOptions,
    private readonly logger: Logger,
    onFinished: (subscription: EsdbSubscription) => void,
    private readonly retryDelayMs = RETRY_DELAY_MS,
  ) {
    this.delivered = options.after;
    this.finished = this.run().finally(() => onFinished(this));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeFromPause();
    if (this.current) await stop(this.current);
    await this.finished;
  }

  private async run(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (!this.closed) {
      const subscription = this.client.subscribeToAll({ fromPosition: toReadPosition(this.delivered), filter: esdbDriver().excludeSystemEvents() });
      this.current = subscription;
      try {
        await this.consume(subscription);
        // The server ended the subscription: start again from the last delivered event.
        if (!this.closed) await this.pause();
      } catch (error) {
        if (error instanceof HandlerFailed) {
          this.closed = true;
          this.report(error.original);
        } else if (!this.closed) {
          this.report(error);
          await this.pause();
        }
      } finally {
        this.current = null;
        await stop(subscription);
      }
    }
  }

  /** Delivers until the stream ends or fails. */
  private async consume(subscription: AllStreamSubscription): Promise<void> {
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    let accepted = this.delivered;
    let batch: RecordedEvent[] = [];
    for await (const resolved of subscription as AsyncIterable<{ event?: EsdbRecord }>) {
      if (this.closed) return;
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
        this.delivered = events[events.length - 1].position;
        if (this.closed) return;
      }
    }
  }

  private pause(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.retryDelayMs);
      this.wakeFromPause = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private report(error: unknown): void {
    if (this.options.onError) this.options.onError(error);
    else this.logger.error('EventStoreDB subscription failed', error);
  }
}

/** unsubscribe() cancels the gRPC call, but the client swallows the cancellation and never ends the stream. */
async function stop(subscription: AllStreamSubscription): Promise<void> {
  await subscription.unsubscribe().catch(() => undefined);
  subscription.destroy();
}
