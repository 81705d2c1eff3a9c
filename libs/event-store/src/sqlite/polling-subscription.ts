import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RecordedEvent, SubscribeOptions, Subscription } from '../event-store.port';
import type { Logger } from '../logger';
import { hopClock, traceHop, tracingHops } from '../hop-trace';
import type { ChangeSignal } from './change-signal';

export interface PollingSource {
  /** Events with a position strictly greater than `after`, in position order. */
  readPage(after: number | null, maxCount: number): RecordedEvent[];
  signal: ChangeSignal;
  pollIntervalMs: number;
  /** A number that changes when another connection (process) committed: a pragma, far cheaper than a read. */
  dataVersion?(): number;
  logger: Logger;
}

const DEFAULT_BATCH_SIZE = 500;

/**
 * Catch-up and live are one loop: read the next page after the last delivered position; when there
 * is none, wait for a local append or the poll interval. A cursor over a log whose positions are
 * assigned under the write lock cannot skip or repeat an event.
 *
 * If onEvents throws, the subscription stops (reporting through onError): skipping the batch would
 * be a gap. The subscriber resubscribes from its checkpoint.
 */
export class PollingSubscription implements Subscription {
  private closed = false;
  private cancelWait: (() => void) | null = null;
  private readonly finished: Promise<void>;

  constructor(
    private readonly source: PollingSource,
    private readonly options: SubscribeOptions,
    private readonly onFinished: (subscription: PollingSubscription) => void,
  ) {
    this.finished = this.run().finally(() => this.onFinished(this));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.cancelWait?.();
    await this.finished;
  }

  private async run(): Promise<void> {
    // Never call onEvents before subscribeToAll has returned the subscription.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    let cursor = this.options.after;
    let look = true;
    let seen: number | null = null;
    while (!this.closed) {
      if (!look && this.source.dataVersion) {
        const version = this.source.dataVersion();
        if (version === seen) {
          look = await this.waitForChange();
          continue;
        }
        seen = version;
      }
      let page: RecordedEvent[];
      const began = tracingHops() ? hopClock() : undefined;
      try {
        page = this.source.readPage(cursor, batchSize);
      } catch (error) {
        if (this.closed) return;
        // Transient (e.g. SQLITE_BUSY from another process): report and retry after a pause.
        this.report(error);
        await this.waitForChange();
        look = true;
        continue;
      }
      if (page.length === 0) {
        traceHop('events-read-empty', cursor ?? undefined, undefined, began);
        look = await this.waitForChange();
        continue;
      }
      traceHop('events-read', page[0]!.position, page[page.length - 1]!.position, began);
      look = true;
      try {
        await this.options.onEvents(page);
      } catch (error) {
        this.closed = true;
        this.report(error);
        return;
      }
      cursor = page[page.length - 1].position;
    }
  }

  /**
   * True when woken by a local append (read in the next turn of the event loop), false after the poll interval (read
   * if another process committed). The append's COMMIT ran in the waking turn: the page is read in a turn of its own,
   * so the two (a large event's commit and its JSON parse) do not hold the loop together.
   */
  private async waitForChange(): Promise<boolean> {
    const { promise, cancel } = this.source.signal.wait(this.source.pollIntervalMs);
    this.cancelWait = cancel;
    const notified = await promise;
    this.cancelWait = null;
    if (notified) await nextTurn();
    return notified;
  }

  private report(error: unknown): void {
    if (this.options.onError) this.options.onError(error);
    else this.source.logger.error('event store subscription failed', error);
  }
}
