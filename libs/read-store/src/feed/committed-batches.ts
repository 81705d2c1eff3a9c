import type { LoadedFeedBatch, LoadedFeedChange } from '../read-store.port';
import { decodeChanges, type StoredChange } from './stored-changes';

/** A feed batch this process has just committed, with the stored JSON of every record its transaction wrote. */
export interface CommittedBatch {
  /** The feed's newest position before this batch (or how far it was pruned; null: the feed was empty). */
  previous: number | null;
  position: number;
  /** The changes as the feed row holds them (its JSON text). */
  changes: string;
  /** The stored JSON of each record as the transaction last wrote it (null: removed), by `recordKey`. */
  records: ReadonlyMap<string, string | null>;
}

/** Batches kept: a follower more than this many behind reads the feed, as every follower of another process does. */
export const COMMITTED_KEPT = 4;

/** Where the keys of a collection's records begin. */
export const recordKeyPrefix = (collection: string): string => `${collection}\u0000`;

/** 5 and "5" are different records. */
export const recordKey = (collection: string, id: string | number): string => `${recordKeyPrefix(collection)}${JSON.stringify(id)}`;

/** The collection of a record key. */
export const collectionOfKey = (key: string): string => key.slice(0, key.indexOf('\u0000'));

/**
 * The last few feed batches committed by this process's store, so a follower in the same process (the api beside
 * its projector) that is at the batch's predecessor takes it from memory in the commit's turn instead of waking
 * a turn later and reading the feed row and its records back on another connection. What it delivers is what the
 * read would have loaded: the feed row's own text, decoded the same way, and the records as the transaction stored
 * them (fresh objects for each follower). The feed stays the truth: a follower at any other position, or of
 * another process, reads it as before; the predecessor check means a batch is never skipped or delivered twice.
 */
export class CommittedBatches {
  private readonly kept: CommittedBatch[] = [];

  add(batch: CommittedBatch): void {
    this.kept.push(batch);
    if (this.kept.length > COMMITTED_KEPT) this.kept.shift();
  }

  /** Whether the batch right after `after` is held. */
  has(after: number | null): boolean {
    return this.kept.some((b) => b.previous === after);
  }

  /** The batch right after `after` as a read of the feed would load it, or undefined (read the feed). */
  after(after: number | null): LoadedFeedBatch | undefined {
    const batch = this.kept.find((b) => b.previous === after);
    if (!batch) return undefined;
    const changes: LoadedFeedChange[] = [];
    for (const change of decodeChanges(JSON.parse(batch.changes) as StoredChange[])) {
      if (change.event === 'removed') {
        changes.push({ ...change, doc: null });
        continue;
      }
      const json = batch.records.get(recordKey(change.collection, change.id));
      // A change whose record the transaction did not write: only a read of the store can say what it holds.
      if (json === undefined) return undefined;
      changes.push({ ...change, doc: json === null ? null : (JSON.parse(json) as LoadedFeedChange['doc']) });
    }
    return { position: batch.position, changes };
  }
}
