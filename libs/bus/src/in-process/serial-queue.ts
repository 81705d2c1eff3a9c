import type { BusMessage } from '../bus.port';

export interface QueuedMessage {
  message: BusMessage<unknown>;
  /** Called once the handler has finished with the message (or threw). */
  done(): void;
}

/** Deliveries of one message to a handler that keeps throwing, before it is reported and dropped. */
export const MAX_DELIVERIES = 3;
const REDELIVERY_PAUSE_MS = 20;

/**
 * One subscriber's inbox: handles messages one at a time, in arrival order, starting on a later
 * macrotask so publish never runs handlers inside the publisher's call. A message whose handler throws is
 * not handled: it is delivered again (after a short pause, before the next one), up to MAX_DELIVERIES times,
 * each failure reported; then it is dropped (in-process delivery is at most once).
 */
export class SerialQueue {
  private readonly items: QueuedMessage[] = [];
  private draining: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly handle: (message: BusMessage<unknown>) => Promise<void> | void,
    private readonly onError: (error: unknown, message: BusMessage<unknown>) => void,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  push(item: QueuedMessage): void {
    this.items.push(item);
    if (!this.draining && !this.stopped) this.draining = this.drain();
  }

  /** Stops after the running handler call; returns the messages that were not handled. */
  async stop(): Promise<QueuedMessage[]> {
    this.stopped = true;
    await this.draining;
    return this.items.splice(0);
  }

  private async drain(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (!this.stopped && this.items.length > 0) {
      const item = this.items.shift() as QueuedMessage;
      try {
        for (let delivery = 1; ; delivery++) {
          try {
            await this.handle(item.message);
            break;
          } catch (error) {
            this.onError(error, item.message);
            if (delivery >= MAX_DELIVERIES || this.stopped) break;
            await new Promise((resolve) => setTimeout(resolve, REDELIVERY_PAUSE_MS));
          }
        }
      } finally {
        item.done();
      }
    }
    this.draining = null;
  }
}
