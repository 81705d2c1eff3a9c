export { WrongExpectedRevisionError } from './event-store.port';
export type {
  EventStore,
  EventData,
  EventMetadata,
  RecordedEvent,
  ExpectedRevision,
  AppendResult,
  Subscription,
  SubscribeOptions,
} from './event-store.port';
export { canonicalJson, eventHash, sealEvents, verifyChain } from './hash-chain';
export type { ChainVerdict, DraftMetadata, EventDraft, HashableEvent } from './hash-chain';
export { silentLogger } from './logger';
export type { Logger } from './logger';
export { SqliteEventStore } from './sqlite/sqlite-event-store';
export { ChangeSignal } from './sqlite/change-signal';
export type { SqliteEventStoreOptions } from './sqlite/sqlite-event-store';
export type { SynchronousMode } from './sqlite/sqlite-schema';
export { EsdbEventStore } from './esdb/esdb-event-store';
export type { EsdbEventStoreOptions } from './esdb/esdb-event-store';
