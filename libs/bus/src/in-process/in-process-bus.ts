import type { Bus, BusMessage, BusSubscription } from '../bus.port';
import type { BusErrorHandler } from '../errors';
import { ConsumerGroup } from './consumer-group';
import { SerialQueue } from './serial-queue';

export interface InProcessBusOptions {
  /** Told when a handler throws; delivery to it and to everyone else goes on. */
  onError?: BusErrorHandler;
}

/**
 * The embedded bus, for api, projector and ocr-worker in one process.
 *
 * - Live only: a message reaches the groups subscribed when it is published; nothing is stored, so a
 *   message published before a subscribe (or to a group whose last member left) is not delivered.
 * - Asynchronous: publish resolves once the messages are queued; handlers run on later ticks, one
 *   message at a time per subscriber, in publish order.
 * - Same group: each message to one member, keys rotating round-robin; a key stays with one member
 *   while it has messages of that key pending, so per-key order holds. Different groups: fan-out.
 * - Values are passed through JSON, as Kafka would, so nobody shares mutable objects by accident.
 */
export class InProcessBus implements Bus {
  private readonly topics = new Map<string, Map<string, ConsumerGroup>>();
  private readonly subscriptions = new Set<BusSubscription>();
  private closed = false;

  constructor(private readonly options: InProcessBusOptions = {}) {}

  async publish<T>(topic: string, messages: Array<{ key: string; value: T }>): Promise<void> {
    if (this.closed) throw new Error('InProcessBus is closed');
    const groups = this.topics.get(topic);
    if (!groups) return;
    for (const { key, value } of messages) {
      const json = JSON.stringify(value);
      for (const group of groups.values()) {
        group.dispatch({ topic, key, value: json === undefined ? undefined : (JSON.parse(json) as unknown) });
      }
    }
  }

  async subscribe<T>(topic: string, group: string, handler: (message: BusMessage<T>) => Promise<void> | void): Promise<BusSubscription> {
    if (this.closed) throw new Error('InProcessBus is closed');
    const groups = this.topics.get(topic) ?? new Map<string, ConsumerGroup>();
    this.topics.set(topic, groups);
    const consumers = groups.get(group) ?? new ConsumerGroup();
    groups.set(group, consumers);

    const member = new SerialQueue(
      (message) => handler(message as BusMessage<T>),
      (error, message) => this.options.onError?.(error, message),
    );
    consumers.add(member);

    let closing: Promise<void> | null = null;
    const subscription: BusSubscription = {
      close: () => {
        closing ??= (async () => {
          this.subscriptions.delete(subscription);
          await consumers.remove(member);
          if (consumers.size === 0 && groups.get(group) === consumers) groups.delete(group);
          if (groups.size === 0 && this.topics.get(topic) === groups) this.topics.delete(topic);
        })();
        return closing;
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
  }
}
