import type * as KafkaJs from 'kafkajs';

let driver: typeof KafkaJs | undefined;

/**
 * The Kafka client library, required on first use: the embedded default never loads its ~140 modules, which every
 * start of the api, the projector and the command-line tools paid before (measured: ~0.2 s of CPU each).
 */
export function kafkaDriver(): typeof KafkaJs {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, not at start-up
  return (driver ??= require('kafkajs') as typeof KafkaJs);
}
