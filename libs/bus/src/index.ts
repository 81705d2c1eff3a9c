export type { Bus, BusMessage, BusSubscription } from './bus.port';
export type { BusErrorHandler } from './errors';
export type { Logger } from './logger';
export { InProcessBus } from './in-process/in-process-bus';
export type { InProcessBusOptions } from './in-process/in-process-bus';
export { KafkaBus } from './kafka/kafka-bus';
export type { KafkaBusOptions } from './kafka/kafka-bus';
export { checkTopology } from './topology';
export type { Topology } from './topology';
