import { QUOTA_BOOK_ITEM_EVENT_TYPES, upcastQuotaBookEvent } from './fon/quota-book.upcast';

/** A stored event as the log holds it; `streamId` names its aggregate (a recorded event always has it). */
export interface StoredEvent {
  type: string;
  data: unknown;
  streamId?: string;
}

/**
 * Reads a stored event of an older shape as today's shape: a pure function of the event and its stream, answering
 * the same object when there is nothing to change (so reading twice, or an event already new, changes nothing).
 */
export type Upcaster = <Stored extends StoredEvent>(stored: Stored) => Stored;

const byStream =
  (upcast: <Stored extends StoredEvent>(streamId: string, stored: Stored) => Stored): Upcaster =>
  (stored) =>
    stored.streamId === undefined ? stored : upcast(stored.streamId, stored);

/**
 * The domain's upcasters by event type. The log is never rewritten: an event whose shape changed is read through
 * its upcaster wherever stored events are read back (`domainEventOf`, `domainEventsOf`), by the command runtime
 * and the projections alike.
 */
export const UPCASTERS: ReadonlyMap<string, Upcaster> = new Map([
  ...QUOTA_BOOK_ITEM_EVENT_TYPES.map((type) => [type, byStream(upcastQuotaBookEvent)] as const),
]);
