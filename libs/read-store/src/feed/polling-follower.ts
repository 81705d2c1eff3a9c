import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FeedSubscription, FollowOptions, LoadedFeedBatch } from '../read-store.port';
import { deliver } from './deliver';
import { FeedGap } from './feed-gap';
import { hopClock, traceHop, tracingHops, type ChangeSignal } from '@portal/event-store';

export interface PollingSource {
  read(after: number | null, limit: number): Promise<LoadedFeedBatch[]>;
  head(): Promise<number | null>;
  signal: ChangeSignal;
  pollMs: number;
  /** A number that changes when another connection (process) committed: a pragma, far cheaper than a read. */
  dataVersion?(): number;
}

const PAGE = 100;
const RETRY_MS = 500;

/**
 * Catch-up and live are one loop: read the batches after the last delivered position; when there are none,
 * wait for a commit of this process (wake-up) or the poll interval (commits of other processes). Positions are
 * the projector's checkpoints, written under its lease in commit order, so a cursor cannot skip or repeat one.
 */
export class PollingFollower implements FeedSubscription {
  private closed = false;
  private cancelWait: (() => void) | null = null;
  private readonly finished: Promise<void>;

  constructor(
    private readonly source: PollingSource,
    private readonly options: FollowOptions,
  ) {
    this.finished = this.run();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.cancelWait?.();
    await this.finished;
  }

  private async run(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    let cursor = this.options.after;
    let look = true;
    let seen: number | null = null;
    while (!this.closed) {
      if (!look && this.source.dataVersion) {
        const version = this.source.dataVersion();
        if (version === seen) {
          look = await this.pause(this.source.pollMs);
          continue;
        }
        seen = version;
      }
      look = true;
      let page: LoadedFeedBatch[];
      const began = tracingHops() ? hopClock() : undefined;
      try {
        page = await this.source.read(cursor, PAGE);
      } catch (error) {
        if (this.closed) return;
        if (error instanceof FeedGap) {
          const head = await this.source.head().catch(() => null);
          this.options.onGap?.(cursor, head);
          cursor = head;
          continue;
        }
        this.options.onError?.(error);
        await this.pause(RETRY_MS);
        continue;
      }
      if (page.length === 0) {
        traceHop('feed-read-empty', cursor ?? undefined, undefined, began);
        look = await this.pause(this.source.pollMs);
        continue;
      }
      traceHop('feed-read', page[0]!.position, page[page.length - 1]!.position, began);
      for (const batch of page) {
        if (this.closed) return;
        await deliver(
          this.options,
          batch,
          (ms) => this.pause(ms),
          () => this.closed,
        );
        cursor = batch.position;
      }
    }
  }

  /**
   * True when woken by a commit of this process (read in the next turn of the event loop), false after the interval
   * (read if another process committed). The projector's COMMIT ran in the waking turn: the batch's records are
   * loaded and pushed in turns of their own, not in the COMMIT's.
   */
  private async pause(ms: number): Promise<boolean> {
    if (this.closed) return true;
    const { promise, cancel } = this.source.signal.wait(ms);
    this.cancelWait = cancel;
    const notified = await promise;
    this.cancelWait = null;
    if (notified) await nextTurn();
    return notified;
  }
}
