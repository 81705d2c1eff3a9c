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
