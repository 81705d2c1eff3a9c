import type { Doc, FeedChange } from '../read-store.port';

/** A change as both stores keep it in the feed: a small tuple, never the whole record. */
export type StoredChange = [collection: string, id: string | number, event: FeedChange['event'], before?: Doc];

export const encodeChanges = (changes: readonly FeedChange[]): StoredChange[] =>
  changes.map((c): StoredChange => (c.before ? [c.collection, c.id, c.event, c.before] : [c.collection, c.id, c.event]));

export const decodeChanges = (changes: readonly StoredChange[]): FeedChange[] =>
  changes.map(([collection, id, event, before]) => (before ? { collection, id, event, before } : { collection, id, event }));
