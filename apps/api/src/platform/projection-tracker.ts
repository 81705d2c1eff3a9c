import type { Bus, BusSubscription } from '@portal/bus';
import { READ_MODEL_TOPIC, type ReadModelBatch } from '@portal/messages';

type Waiter = { position: number; resolve: (reached: boolean) => void; timer: NodeJS.Timeout };

/**
 * Follows the projector's progress through the bus, so a command's reply can wait until the read
 * models include its events (read your writes), in one process or across many.
 */
export class ProjectionTracker {
  private position = -1;
  private waiters: Waiter[] = [];
  private subscription: BusSubscription | null = null;
  private listeners = new Set<(batch: ReadModelBatch) => void>();

  constructor(
    private readonly bus: Bus,
    private readonly group: string,
  ) {}

  async start(initialPosition: number | null): Promise<void> {
    this.advance(initialPosition ?? -1);
    this.subscription = await this.bus.subscribe<ReadModelBatch>(READ_MODEL_TOPIC, this.group, (message) => {
      for (const listener of this.listeners) listener(message.value);
      this.advance(message.value.position);
    });
  }

  onBatch(listener: (batch: ReadModelBatch) => void): () => void {
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

  async stop(): Promise<void> {
    await this.subscription?.close();
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.resolve(false);
    }
    this.waiters = [];
  }
}
