import type { Consumer, Kafka } from 'kafkajs';
import type { BusMessage, BusSubscription } from '../bus.port';
import type { BusErrorHandler } from '../errors';

const READY_FALLBACK_MS = 5000;

/**
 * One consumer for one (topic, group). Resolves once the consumer has joined its group and made its
 * first fetch: by then a new group's start offsets (latest, `fromBeginning: false`) are fixed, so a
 * message published after subscribe() resolves is not missed. A message that cannot be parsed is reported
 * and skipped (it never will be); one whose handler throws is not committed and comes again.
 */
export async function startKafkaSubscription<T>(
  kafka: Kafka,
  topic: string,
  group: string,
  handler: (message: BusMessage<T>) => Promise<void> | void,
  onError: BusErrorHandler,
): Promise<BusSubscription> {
  const consumer = kafka.consumer({ groupId: group, allowAutoTopicCreation: false, maxWaitTimeInMs: 1000 });
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [topic], fromBeginning: false });
    const ready = firstFetch(consumer);
    await consumer.run({
      eachMessage: async ({ message }) => {
        const key = message.key?.toString('utf8') ?? '';
        let busMessage: BusMessage<T>;
        try {
          busMessage = { topic, key, value: (message.value === null ? null : JSON.parse(message.value.toString('utf8'))) as T };
        } catch (error) {
          onError(error, { topic, key, value: message.value?.toString('utf8') });
          return;
        }
        try {
          await handler(busMessage);
        } catch (error) {
          // Not handled: thrown on, so the offset is not committed and the consumer delivers the message again
          // (kafkajs retries with back-off, then restarts the consumer from the last committed offset).
          onError(error, busMessage);
          throw error;
        }
      },
    });
    await ready;
  } catch (error) {
    await consumer.disconnect().catch(() => undefined);
    throw error;
  }
  let closing: Promise<void> | null = null;
  return { close: () => (closing ??= consumer.disconnect()) };
}

function firstFetch(consumer: Consumer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let fallback: NodeJS.Timeout | undefined;
    const listeners: Array<() => void> = [];
    const finish = (error?: unknown) => {
      clearTimeout(fallback);
      for (const remove of listeners) remove();
      if (error) reject(error);
      else resolve();
    };
    listeners.push(consumer.on(consumer.events.FETCH, () => finish()));
    // A member left without partitions (more members than partitions) may never fetch.
    listeners.push(
      consumer.on(consumer.events.GROUP_JOIN, () => {
        fallback ??= setTimeout(() => finish(), READY_FALLBACK_MS);
      }),
    );
    listeners.push(consumer.on(consumer.events.CRASH, (event) => finish(event.payload.error)));
  });
}
