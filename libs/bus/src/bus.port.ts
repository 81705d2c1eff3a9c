/**
 * The bus port: carries read-model changes from the projector to every gateway instance,
 * and work items (uploaded documents) to the ocr-worker. Adapters: in-process and Kafka.
 */
export interface BusMessage<T = unknown> {
  topic: string;
  /** Messages with the same key keep their order. */
  key: string;
  value: T;
}

export interface BusSubscription {
  close(): Promise<void>;
}

export interface Bus {
  publish<T>(topic: string, messages: Array<{ key: string; value: T }>): Promise<void>;
  /**
   * `group` decides delivery: subscribers with the same group share the messages (work queue),
   * different groups each get every message (fan-out). Each gateway instance uses its own group.
   */
  subscribe<T>(topic: string, group: string, handler: (message: BusMessage<T>) => Promise<void> | void): Promise<BusSubscription>;
  close(): Promise<void>;
}
