import type { logCreator } from 'kafkajs';
import { kafkaDriver } from './kafka-driver';
import type { Logger } from '../logger';

/** Routes kafkajs' own warnings and errors to the app's logger instead of the console. */
export function kafkaLogCreator(logger: Logger | undefined): logCreator {
  return () => (entry) => {
    if (!logger) return;
    const text = `kafkajs ${entry.namespace}: ${entry.log.message}`;
    const { logLevel } = kafkaDriver();
    if (entry.level === logLevel.ERROR) logger.error(text, entry.log);
    else if (entry.level === logLevel.WARN) logger.warn(text, entry.log);
  };
}
