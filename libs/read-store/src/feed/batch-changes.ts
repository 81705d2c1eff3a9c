import type { Doc, FeedChange } from '../read-store.port';
import { recordSummary, summariesDiffer } from './record-summary';

interface Touched {
  collection: string;
  id: string | number;
  /** The record before the batch (null: it did not exist). */
  before: Doc | null;
  /** The record after the batch's last change (null: removed). */
  after: Doc | null;
}

/**
 * The feed entries of one projector batch: one per record the batch touched, from its state before the batch
 * and after it. A record created and removed in the same batch never existed for readers; a record patched
 * many times is one `patched`. The record as it was goes along (small form) for removals and for patches that
 * changed its short fields.
 */
export class BatchChanges {
  private readonly touched = new Map<string, Touched>();

  /** A record written; `before` is what the batch saw before this write (null: absent). */
  put(collection: string, before: Doc | null, after: Doc): void {
    this.touch(collection, after.id, before).after = after;
  }

  /** A record removed; `before` is what the batch saw before (null: it was absent, nothing changes). */
  remove(collection: string, id: string | number, before: Doc | null): void {
    if (before === null && !this.touched.has(keyOf(collection, id))) return;
    this.touch(collection, id, before).after = null;
  }

  changes(): FeedChange[] {
    const changes: FeedChange[] = [];
    for (const { collection, id, before, after } of this.touched.values()) {
      if (before === null && after === null) continue;
      if (before === null) changes.push({ collection, id, event: 'created' });
      else if (after === null) changes.push({ collection, id, event: 'removed', before: recordSummary(before) });
      else {
        const was = recordSummary(before);
        changes.push(summariesDiffer(was, recordSummary(after)) ? { collection, id, event: 'patched', before: was } : { collection, id, event: 'patched' });
      }
    }
    return changes;
  }

  private touch(collection: string, id: string | number, before: Doc | null): Touched {
    const key = keyOf(collection, id);
    let entry = this.touched.get(key);
    if (!entry) this.touched.set(key, (entry = { collection, id, before, after: before }));
    return entry;
  }
}

/** 5 and "5" are different records. */
const keyOf = (collection: string, id: string | number): string => `${collection}\u0000${JSON.stringify(id)}`;
