import type { EventStore } from '@portal/event-store';
import type { ReadStore } from '@portal/read-store';
import type { Projection, TextReader } from './projection';
import { Projector } from './projector';

export interface ReplayReport {
  events: number;
  ms: number;
  peakRssBytes: number;
}

/** Runs every event of the log through the projections into `target`, in large batches, without publishing. */
export async function replayInto(events: EventStore, target: ReadStore, projections: readonly Projection[], batchSize = 5000, readText?: TextReader): Promise<ReplayReport> {
  const projector = new Projector(events, target, null, projections, readText ? { readText } : {});
  await projector.prepare();
  const started = performance.now();
  let count = 0;
  let peak = process.memoryUsage().rss;
  for (let after = projector.currentPosition; ; ) {
    const page = await events.readAll(after, batchSize);
    if (page.length === 0) break;
    await projector.applyBatch(page);
    count += page.length;
    after = page[page.length - 1]!.position;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  return { events: count, ms: performance.now() - started, peakRssBytes: peak };
}
