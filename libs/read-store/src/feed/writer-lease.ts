import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { FencedOut, type Fence, type LeaseState, type ReadStore } from '../read-store.port';

export interface WriterLeaseOptions {
  /** The lease's name; default `projector`. */
  name?: string;
  /** How long the lease holds without renewal; default 10 s. A writer on another host takes over after it. */
  ttlMs?: number;
  /** How often a waiting writer looks again; default 200 ms. */
  pollMs?: number;
  /** Told once per holder while waiting. */
  onWaiting?(holder: LeaseState): void;
  /** The lease moved to another writer (or could not be renewed in time): stop writing. */
  onLost(error: unknown): void;
}

/**
 * The single-writer lease of a read store, kept by one projector process: `acquire` waits until it holds the
 * lease, every write transaction then passes `fence` (checked and renewed inside it), and an empty fenced
 * transaction renews it every third of its ttl while nothing else is written.
 */
export class WriterLease {
  readonly holder = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  private current: Fence | null = null;
  private renewal: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly name: string;
  private readonly ttlMs: number;

  constructor(
    private readonly store: ReadStore,
    private readonly options: WriterLeaseOptions,
  ) {
    this.name = options.name ?? 'projector';
    this.ttlMs = options.ttlMs ?? 10_000;
  }

  get fence(): Fence {
    if (!this.current) throw new Error('The writer lease is not held');
    return this.current;
  }

  /** Resolves once this process holds the lease; null when stopped while waiting. */
  async acquire(): Promise<Fence | null> {
    let told: string | null = null;
    while (!this.stopped) {
      const fence = await this.store.leases.tryAcquire({ name: this.name, holder: this.holder, host: hostname(), pid: process.pid }, this.ttlMs);
      if (fence) {
        this.current = fence;
        this.renewal = setInterval(() => void this.renew(), Math.max(Math.floor(this.ttlMs / 3), 10));
        return fence;
      }
      const holder = await this.store.leases.current(this.name);
      if (holder && told !== `${holder.holder}#${holder.epoch}`) {
        told = `${holder.holder}#${holder.epoch}`;
        this.options.onWaiting?.(holder);
      }
      await new Promise((resolve) => setTimeout(resolve, this.options.pollMs ?? 200));
    }
    return null;
  }

  /** Gives the lease up, so a waiting writer takes over at once. */
  async release(): Promise<void> {
    this.stopped = true;
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
    const fence = this.current;
    this.current = null;
    if (fence) await this.store.leases.release(fence).catch(() => undefined);
  }

  private async renew(): Promise<void> {
    const fence = this.current;
    if (!fence || this.stopped) return;
    try {
      await this.store.transaction(async () => undefined, { fence });
    } catch (error) {
      if (this.stopped) return;
      if (error instanceof FencedOut) {
        if (this.renewal) clearInterval(this.renewal);
        this.current = null;
        this.options.onLost(error);
      }
      // Any other failure (a busy file, a network blip) is tried again at the next tick; the lease holds for its ttl.
    }
  }
}
