import { getHeapStatistics } from 'node:v8';
import type { EventStore, RecordedEvent } from '@portal/event-store';
import type { ReadStore } from '@portal/read-store';
import { FoldedRecords } from './folded-records';
import type { ChangeIntent, Projection, ProjectionView, TextReader } from './projection';
import { checkpointName } from './projector';

/** Pages between two samples of the process's RSS (with 500-event pages: every 10,000 events). */
const RSS_EVERY_PAGES = 20;

/** What one projection cost a rebuild: folding the events it handles, and writing its collections. */
export interface ProjectionCost {
  name: string;
  /** Events of the range it handles. */
  events: number;
  /** It changed a record it read, so it reads copies (slower) from then on. */
  copies: boolean;
  foldMs: number;
  writeMs: number;
}

export interface RebuildReport {
  events: number;
  ms: number;
  /** Reading (and parsing) the log. */
  readMs: number;
  peakRssBytes: number;
  projections: ProjectionCost[];
}

export interface RebuildOptions {
  /** Events per read of the log (and per projection turn: the order the projector's batches give). */
  pageSize: number;
  readText: TextReader;
  until: number;
  /**
   * The most heap the fold may use (V8's used heap, checked after each page); past it the rebuild stops, having
   * written nothing, and says so (`RebuildAbandoned`). Without it the fold may fill the heap: under a heap cap V8
   * then ends the whole process (a failed allocation cannot be caught), not just the rebuild.
   */
  maxHeapBytes?: number;
}

/** A rebuild stopped because its records outgrew `maxHeapBytes`: after that many events, at that heap. */
export interface RebuildAbandoned {
  abandonedAfter: number;
  heapBytes: number;
}

/**
 * Rebuilds read models into a store where they are new (no checkpoint, no record), made for rebuilding: the
 * range is folded in memory (`FoldedRecords`: projections' reads and queries answered there, not by SQL), then
 * every collection is written once with the checkpoints in one transaction (`ReadStore.loadFresh`), its indexes
 * built after its records. Each page of the log goes through the projections one after the other, as a
 * projector batch does, so a projection sees what the others wrote exactly as on the live path.
 * Returns null (having written nothing but the collections' tables, as the projector's start makes them) when the
 * store cannot load fresh or the read models are not new, and `RebuildAbandoned` (having written as little) when
 * the records outgrew the heap allowed.
 */
export async function rebuildInto(
  events: EventStore,
  target: ReadStore,
  projections: readonly Projection[],
  options: RebuildOptions,
): Promise<RebuildReport | RebuildAbandoned | null> {
  if (!target.loadFresh) return null;
  const specs = projections.flatMap((p) => p.collections);
  await target.ensureCollections(specs);
  for (const projection of projections) if ((await target.getCheckpoint(checkpointName(projection))) !== null) return null;
  if (!(await target.builds.allEmpty(specs.map((s) => s.name)))) return null;

  const records = new FoldedRecords(specs.map((s) => s.name));
  const viewOf = (copies: boolean): ProjectionView => ({
    get: async (collection, id) => records.get(collection, id, copies),
    findWhere: async (collection, where) => records.findWhere(collection, where, copies),
    readText: options.readText,
  });
  const views = { shared: viewOf(false), copies: viewOf(true) };
  const handlers = handlersByType(projections);
  const costs: ProjectionCost[] = projections.map((p) => ({ name: p.name, events: 0, foldMs: 0, writeMs: 0, copies: false }));
  const started = performance.now();
  let readMs = 0;
  let count = 0;
  let last: number | null = null;
  let peak = process.memoryUsage.rss();
  let pages = 0;
  for (;;) {
    const readStarted = performance.now();
    const page: RecordedEvent[] = (await events.readAll(last, options.pageSize)).filter((e) => e.position <= options.until);
    readMs += performance.now() - readStarted;
    if (page.length === 0) break;
    const turns: RecordedEvent[][] = projections.map(() => []);
    for (const event of page) for (const i of handlers.get(event.type) ?? []) turns[i]!.push(event);
    for (let i = 0; i < projections.length; i++) {
      const turn = turns[i]!;
      if (turn.length === 0) continue;
      const projection = projections[i]!;
      const foldStarted = performance.now();
      const cost = costs[i]!;
      for (const event of turn) {
        // Awaited here, not in a helper: no closure and no second promise per event in the fold's hot loop.
        let intents: ChangeIntent[];
        try {
          intents = await projection.project(event, cost.copies ? views.copies : views.shared);
        } catch (error) {
          if (cost.copies || !(error instanceof TypeError)) throw error;
          // See "Shared reads" below: the event runs again on copies, as do all its events after it.
          cost.copies = true;
          intents = await projection.project(event, views.copies);
        }
        for (const intent of intents) {
          if (intent.op === 'put') records.put(intent.collection, intent.doc);
          else records.remove(intent.collection, intent.id);
        }
      }
      cost.foldMs += performance.now() - foldStarted;
      cost.events += turn.length;
    }
    count += page.length;
    last = page[page.length - 1]!.position;
    // Sampled every few pages: reading the process's RSS costs a system call (2 % of the fold at every page).
    if (++pages % RSS_EVERY_PAGES === 0) peak = Math.max(peak, process.memoryUsage.rss());
    if (options.maxHeapBytes !== undefined) {
      const heapBytes = getHeapStatistics().used_heap_size;
      if (heapBytes > options.maxHeapBytes) return { abandonedAfter: count, heapBytes };
    }
  }
  if (last !== null) {
    const checkpoints = new Map(projections.map((p) => [checkpointName(p), last] as const));
    const writeMs = await target.loadFresh(records.loads(), checkpoints);
    projections.forEach((p, i) => {
      costs[i]!.writeMs = p.collections.reduce((sum, c) => sum + (writeMs.get(c.name) ?? 0), 0);
    });
    peak = Math.max(peak, process.memoryUsage.rss());
  }
  return { events: count, ms: performance.now() - started, readMs, peakRssBytes: peak, projections: costs };
}

/*
 * Shared reads: records a projection reads are shared and frozen until it tries to change one (a TypeError before
 * it returned, so nothing of the event was applied): the event runs again on copies, as do all its events after
 * it. A projection is a function of the event and what it reads, so the second run gives what a store read would
 * have given.
 */

/** Per event type, the indexes of the projections handling it, in projection order. */
function handlersByType(projections: readonly Projection[]): Map<string, number[]> {
  const byType = new Map<string, number[]>();
  projections.forEach((projection, i) => {
    for (const type of new Set(projection.handles)) {
      let list = byType.get(type);
      if (!list) byType.set(type, (list = []));
      list.push(i);
    }
  });
  return byType;
}
