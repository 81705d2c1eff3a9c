import type { FeedRetention } from '../read-store.port';

export const DAY_MS = 24 * 3600_000;
/** Batches looked at per prune step: the writer holds its lock for a few milliseconds at most. */
export const PRUNE_SCAN = 5000;

/**
 * The newest of the oldest batches (position order) that may go: older than `keepMs`, and read by every reader
 * seen within `readerTimeoutMs` (`liveReaderMin`: the lowest position of those, null when none). Null: none may.
 */
export function pruneThrough(
  oldest: ReadonlyArray<{ position: number; writtenAt: number }>,
  liveReaderMin: number | null,
  retention: FeedRetention,
  now: number,
): number | null {
  let through: number | null = null;
  for (const batch of oldest) {
    if (batch.writtenAt >= now - retention.keepMs) break;
    if (liveReaderMin !== null && batch.position > liveReaderMin) break;
    through = batch.position;
  }
  return through;
}

export const forgetReadersBefore = (retention: FeedRetention, now: number): number => now - (retention.forgetReaderMs ?? 7 * DAY_MS);
