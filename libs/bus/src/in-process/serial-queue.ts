import type { BusMessage } from '../bus.port';

export interface QueuedMessage {
  message: BusMessage<unknown>;
  /** Called once the handler has finished with the message (or threw). */
  done(): void;
}

/**
 * One subscriber's inbox: handles messages one at a time, in arrival order, starting on a later
 * macrotask so publish never runs handlers inside the publisher's call.
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
        await this.handle(item.message);
      } catch (error) {
        this.onError(error, item.message);
      } finally {
        item.done();
      }
    }
    this.draining = null;
  }
}
