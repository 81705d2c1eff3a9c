import type { Admin, Kafka, Producer } from 'kafkajs';
import { kafkaDriver } from './kafka-driver';
import type { Bus, BusMessage, BusSubscription } from '../bus.port';
import type { BusErrorHandler } from '../errors';
import type { Logger } from '../logger';
import { kafkaLogCreator } from './kafka-log-creator';
import { kafkaRequests } from './kafka-requests';
import { startKafkaSubscription } from './kafka-subscription';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  /** Partitions of topics this bus creates; the upper bound of members sharing one group. Default 6. */
  numPartitions?: number;
  /** Replication of topics this bus creates; default: the broker's default. */
  replicationFactor?: number;
  /** Told when a handler throws; the message is not counted as handled (its offset is not committed) and comes again. */
  onError?: BusErrorHandler;
  logger?: Logger;
}

/**
 * The production bus on Kafka. Messages are JSON; the key picks the partition, so per-key order
 * holds. A group is a Kafka consumer group: shared within, fan-out across. Subscriptions start at
 * the end of the topic for a new group and at the committed offset for a known one (so a stable group
 * name per instance, e.g. from PORTAL_INSTANCE_ID, resumes after a restart); delivery is at least once
 * (after a crash, a rebalance or a handler that threw, a message comes again), so handlers are idempotent.
 * A publish goes out in produce requests of at most 1 MB (kafka-requests.ts); a single message that large
 * is refused before it is sent.
 */
export class KafkaBus implements Bus {
  private readonly topics = new Map<string, Promise<void>>();
  private readonly subscriptions = new Set<BusSubscription>();

  private constructor(
    private readonly kafka: Kafka,
    private readonly admin: Admin,
    private readonly producer: Producer,
    private readonly options: KafkaBusOptions,
  ) {}

  static async connect(options: KafkaBusOptions): Promise<KafkaBus> {
    const kafka = new (kafkaDriver().Kafka)({ clientId: options.clientId, brokers: options.brokers, logCreator: kafkaLogCreator(options.logger) });
    const admin = kafka.admin();
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
    await admin.connect();
    try {
      await producer.connect();
    } catch (error) {
      await admin.disconnect();
      throw error;
    }
    return new KafkaBus(kafka, admin, producer, options);
  }

  async publish<T>(topic: string, messages: Array<{ key: string; value: T }>): Promise<void> {
    if (messages.length === 0) return;
    const encoded = messages.map(({ key, value }) => ({ key, value: JSON.stringify(value ?? null) }));
    const requests = kafkaRequests(topic, encoded);
    await this.ensureTopic(topic);
    // One request after the other: per-key order holds across them.
    for (const request of requests) await this.producer.send({ topic, acks: -1, messages: request });
  }

  async subscribe<T>(topic: string, group: string, handler: (message: BusMessage<T>) => Promise<void> | void): Promise<BusSubscription> {
    await this.ensureTopic(topic);
    const onError: BusErrorHandler = (error, message) => {
      if (this.options.onError) this.options.onError(error, message);
      else this.options.logger?.error(`bus handler failed on ${topic} (${group})`, error);
    };
    const inner = await startKafkaSubscription(this.kafka, topic, group, handler, onError);
    const subscription: BusSubscription = {
      close: async () => {
        this.subscriptions.delete(subscription);
        await inner.close();
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.producer.disconnect();
    await this.admin.disconnect();
  }

  private ensureTopic(topic: string): Promise<void> {
    let created = this.topics.get(topic);
    if (!created) {
      // createTopics resolves false when the topic exists already, also when another process won the race.
      created = this.admin
        .createTopics({
          topics: [{ topic, numPartitions: this.options.numPartitions ?? 6, replicationFactor: this.options.replicationFactor ?? -1 }],
          waitForLeaders: true,
        })
        .then(() => undefined);
      created.catch(() => this.topics.delete(topic));
      this.topics.set(topic, created);
    }
    return created;
  }
}
