import { hopClock, traceHop, tracingHops } from '@portal/event-store';
import type { ChangeFeed, FeedSubscription, LoadedFeedBatch } from '../read-store.port';

type Waiter = { position: number; resolve: (reached: boolean) => void; timer: NodeJS.Timeout };

export interface FeedTrackerOptions {
  /**
   * Who follows (PORTAL_INSTANCE_ID): its position is saved, so after a restart it resumes where it was (within
   * the feed's retention), and pruning keeps what it has not read while it runs.
   */
  reader: string;
  /** How often the position is saved when it moved; default 1 s (and at least every 30 s, as a sign of life). */
  saveEveryMs?: number;
  onError?(error: unknown): void;
  /** The saved position was pruned already: the batches in between were missed (their clients reload on reconnect). */
  onGap?(missedAfter: number | null, resumedAt: number | null): void;
}

const ALIVE_EVERY_MS = 30_000;

/**
 * Follows the read store's change feed in an api process: hands every batch to its listeners (the gateway pushes
 * it) and then advances the position a command's reply waits for (read your writes), in one process or across many.
 */
export class FeedTracker {
  private position = -1;
  private waiters: Waiter[] = [];
  private subscription: FeedSubscription | null = null;
  private listeners = new Set<(batch: LoadedFeedBatch) => void>();
  private saver: NodeJS.Timeout | null = null;
  private saved = { position: -1, at: 0 };

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: FeedTrackerOptions,
  ) {}

  /** Resumes from the saved position of this reader, or starts at the feed's newest batch. */
  async start(): Promise<void> {
    const resume = (await this.feed.readerPosition(this.options.reader)) ?? (await this.feed.head());
    this.advance(resume ?? -1);
    this.subscription = this.feed.follow({
      after: resume,
      onBatch: (batch) => {
        const began = tracingHops() ? hopClock() : undefined;
        for (const listener of this.listeners) listener(batch);
        traceHop('pushed', batch.position, batch.position, began);
        this.advance(batch.position);
      },
      onError: (error) => this.options.onError?.(error),
      onGap: (missed, resumed) => {
        this.options.onGap?.(missed, resumed);
        if (resumed !== null) this.advance(resumed);
      },
    });
    this.saver = setInterval(() => void this.save(), this.options.saveEveryMs ?? 1000);
    this.saver.unref();
  }

  onBatch(listener: (batch: LoadedFeedBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get current(): number {
    return this.position;
  }

  /** Resolves true once the read models passed `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (position <= this.position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  async stop(): Promise<void> {
    if (this.saver) clearInterval(this.saver);
    this.saver = null;
    await this.subscription?.close();
    this.subscription = null;
    await this.save(true);
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.resolve(false);
    }
    this.waiters = [];
  }

  private advance(position: number): void {
    if (position <= this.position) return;
    this.position = position;
    const done = this.waiters.filter((w) => w.position <= position);
    if (done.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.position > position);
    for (const w of done) {
      clearTimeout(w.timer);
      w.resolve(true);
    }
  }

  private async save(force = false): Promise<void> {
    const now = Date.now();
    if (this.position < 0 || (!force && this.position === this.saved.position && now - this.saved.at < ALIVE_EVERY_MS)) return;
    const position = this.position;
    try {
      await this.feed.saveReader(this.options.reader, position);
      this.saved = { position, at: now };
    } catch (error) {
      this.options.onError?.(error);
    }
  }
}
