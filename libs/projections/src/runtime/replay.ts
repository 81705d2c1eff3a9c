import type { EventStore } from '@portal/event-store';
import type { ReadStore } from '@portal/read-store';
import type { Projection, TextReader } from './projection';
import { Projector } from './projector';
import { rebuildInto, type ProjectionCost, type RebuildAbandoned } from './rebuild';

export interface ReplayReport {
  events: number;
  ms: number;
  peakRssBytes: number;
  /**
   * 'rebuild': folded in memory and loaded once (a new store that can load fresh); 'projector': batches through the projector;
   * 'none': nothing replayed (`rebuild: 'only'`, and the rebuild path could not run or gave up).
   */
  path: 'rebuild' | 'projector' | 'none';
  /** Reading the log (rebuild path only). */
  readMs?: number;
  /** What each projection cost (rebuild path only). */
  projections?: ProjectionCost[];
  /** The rebuild path was tried and given up when its records outgrew `rebuildMaxHeapBytes` (then the projector's batches ran, unless `rebuild: 'only'`). */
  rebuildAbandoned?: RebuildAbandoned;
}

export type { ProjectionCost };

export interface ReplayOptions {
  batchSize?: number;
  /** Where projections read extracted texts (the file store); without it texts are empty. */
  readText?: TextReader;
  /** Stop after this position (to compare with read models that stand there); default: the whole log. */
  until?: number | null;
  /**
   * false: through the projector's batches even where the rebuild path could run (to compare the two). 'only': the
   * rebuild path or nothing (a caller that runs the projector's batches elsewhere, where they have more memory).
   */
  rebuild?: boolean | 'only';
  /** The heap the rebuild path may fill with records before it gives way to the projector's batches. */
  rebuildMaxHeapBytes?: number;
}

/**
 * Events per page of a rebuild. A page's parsed events stay alive while every projection folds them: pages of 5,000
 * (~4 MiB of events) outlived the young generation's collections and were copied into the old generation, to die
 * there. Pages of 500 die young: on the 1,000,000-event bench file 23.6–24.7 CPU seconds instead of 28.2–28.9,
 * the same peak memory (100 and 250 gave no more).
 */
const REBUILD_PAGE_SIZE = 500;

/**
 * Runs the events of the log through the projections into `target`, without publishing: by the rebuild path
 * when the read models are new in a store that loads fresh (SQLite), else in large projector batches.
 */
export async function replayInto(
  events: EventStore,
  target: ReadStore,
  projections: readonly Projection[],
  options: ReplayOptions = {},
): Promise<ReplayReport> {
  // From here: a rebuild given up counts in the time of the replay that follows it.
  const started = performance.now();
  const until = options.until ?? Number.POSITIVE_INFINITY;
  const readText = options.readText ?? (async () => null);
  let rebuildAbandoned: RebuildAbandoned | undefined;
  if (options.rebuild !== false) {
    const rebuilt = await rebuildInto(events, target, projections, {
      pageSize: options.batchSize ?? REBUILD_PAGE_SIZE,
      readText,
      until,
      maxHeapBytes: options.rebuildMaxHeapBytes,
    });
    if (rebuilt && 'abandonedAfter' in rebuilt) rebuildAbandoned = rebuilt;
    else if (rebuilt) return { ...rebuilt, path: 'rebuild' };
    if (options.rebuild === 'only')
      return { events: 0, ms: performance.now() - started, peakRssBytes: process.memoryUsage.rss(), path: 'none', rebuildAbandoned };
  }
  // Pages of 5,000 events: on the 1,000,000-event bench file a peak of 275 MiB instead of 316 MiB at 10,000
  // (at most 300 MiB), for 11 % of the rate (11,825 instead of 13,359 events/s).
  const batchSize = options.batchSize ?? 5000;
  const projector = new Projector(events, target, projections, options.readText ? { readText: options.readText } : {});
  await projector.prepare();
  let count = 0;
  let peak = process.memoryUsage().rss;
  for (let after = projector.currentPosition; ;) {
    const page = (await events.readAll(after, batchSize)).filter((e) => e.position <= until);
    if (page.length === 0) break;
    await projector.applyBatch(page);
    count += page.length;
    after = page[page.length - 1]!.position;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  return { events: count, ms: performance.now() - started, peakRssBytes: peak, path: 'projector', rebuildAbandoned };
}
