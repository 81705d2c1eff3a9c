import type { StoredChange } from '../feed/stored-changes';

export const CHECKPOINTS = '_checkpoints';
export const FEED = '_feed';
export const FEED_READERS = '_feed_readers';
export const FEED_PRUNED = '_feed_pruned';
export const LEASES = '_leases';

export interface CheckpointDocument {
  _id: string;
  position: number;
  /** The lease epoch of the writer that set it: a writer with an older epoch cannot overwrite it. */
  epoch?: number;
}

/** A read-model record as stored: the doc's id as `_id`. */
export interface MongoRecord {
  _id: string | number;
  [field: string]: unknown;
}

/** One committed projector batch: `_id` is its position. */
export interface FeedDocument {
  _id: number;
  changes: StoredChange[];
  /** Milliseconds since the epoch, when written. */
  at: number;
}

export interface FeedReaderDocument {
  _id: string;
  position: number;
  seenAt: number;
}

export interface FeedPrunedDocument {
  _id: 1;
  through: number;
}

export interface LeaseDocument {
  _id: string;
  holder: string;
  host: string;
  pid: number;
  epoch: number;
  expiresAt: number;
}

/** The collection a build copy is written in: `<collection>__b<tag>`. */
export function buildCollectionName(collection: string, tag: string): string {
  if (!/^[a-z0-9]{1,16}$/.test(tag)) throw new Error(`Invalid build tag '${tag}': lower-case letters and digits`);
  return `${collection}__b${tag}`;
}
