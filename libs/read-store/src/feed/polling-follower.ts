import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FeedSubscription, FollowOptions, LoadedFeedBatch } from '../read-store.port';
import { deliver } from './deliver';
import { FeedGap } from './feed-gap';
import type { CommittedBatches } from './committed-batches';
import { hopClock, traceHop, tracingHops, type ChangeSignal } from '@portal/event-store';

export interface PollingSource {
  read(after: number | null, limit: number): Promise<LoadedFeedBatch[]>;
  head(): Promise<number | null>;
  signal: ChangeSignal;
  /** Batches this process committed lately: the one after the cursor is taken from here instead of read. */
  committed?: Pick<CommittedBatches, 'has' | 'after'>;
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
  /** The position of the last batch delivered. */
  private cursor: number | null;
  /**
   * Batches are taken from memory (`committed`) only once a read found no more in the feed: a follower starting or
   * resuming reads the feed first, and learns of a gap there.
   */
  private caughtUp = false;
  private readonly finished: Promise<void>;

  constructor(
    private readonly source: PollingSource,
    private readonly options: FollowOptions,
  ) {
    this.cursor = options.after;
    this.finished = this.run();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.cancelWait?.();
    await this.finished;
  }

  private async run(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
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
      const committed = this.caughtUp ? this.source.committed?.after(this.cursor) : undefined;
      if (committed) {
        traceHop('feed-taken', committed.position, committed.position, began);
        await this.deliver(committed);
        continue;
      }
      try {
        page = await this.source.read(this.cursor, PAGE);
      } catch (error) {
        if (this.closed) return;
        if (error instanceof FeedGap) {
          this.caughtUp = false;
          const head = await this.source.head().catch(() => null);
          this.options.onGap?.(this.cursor, head);
          this.cursor = head;
          continue;
        }
        this.options.onError?.(error);
        await this.pause(RETRY_MS);
        continue;
      }
      if (page.length === 0) {
        this.caughtUp = true;
        traceHop('feed-read-empty', this.cursor ?? undefined, undefined, began);
        look = await this.pause(this.source.pollMs);
        continue;
      }
      traceHop('feed-read', page[0]!.position, page[page.length - 1]!.position, began);
      for (const batch of page) {
        if (this.closed) return;
        await this.deliver(batch);
      }
    }
  }

  private async deliver(batch: LoadedFeedBatch): Promise<void> {
    await deliver(
      this.options,
      batch,
      (ms) => this.pause(ms),
      () => this.closed,
    );
    this.cursor = batch.position;
  }

  /**
   * True when woken by a commit of this process (read in the next turn of the event loop), false after the interval
   * (read if another process committed). The projector's COMMIT ran in the waking turn: the batch's records are
   * loaded and pushed in turns of their own, not in the COMMIT's — unless the batch is held in memory
   * (`committed`): then it is delivered in the COMMIT's turn, with no read to leave the loop for.
   */
  private async pause(ms: number): Promise<boolean> {
    if (this.closed) return true;
    const { promise, cancel } = this.source.signal.wait(ms);
    this.cancelWait = cancel;
    const notified = await promise;
    this.cancelWait = null;
    if (notified && !(this.caughtUp && this.source.committed?.has(this.cursor))) await nextTurn();
    return notified;
  }
}
