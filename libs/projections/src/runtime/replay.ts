import type { EventStore } from '@portal/event-store';
import type { ReadStore } from '@portal/read-store';
import type { Projection, TextReader } from './projection';
import { Projector } from './projector';

export interface ReplayReport {
  events: number;
  ms: number;
  peakRssBytes: number;
}

export interface ReplayOptions {
  batchSize?: number;
  /** Where projections read extracted texts (the file store); without it texts are empty. */
  readText?: TextReader;
  /** Stop after this position (to compare with read models that stand there); default: the whole log. */
  until?: number | null;
}

/** Runs the events of the log through the projections into `target`, in large batches, without publishing. */
export async function replayInto(events: EventStore, target: ReadStore, projections: readonly Projection[], options: ReplayOptions = {}): Promise<ReplayReport> {
  // Pages of 5,000 events: on the 1,000,000-event bench file a peak of 275 MiB instead of 316 MiB at 10,000
  // (issue 19: at most 300 MiB), for 11 % of the rate (11,825 instead of 13,359 events/s).
  const batchSize = options.batchSize ?? 5000;
  const until = options.until ?? Number.POSITIVE_INFINITY;
  const projector = new Projector(events, target, projections, options.readText ? { readText: options.readText } : {});
  await projector.prepare();
  const started = performance.now();
  let count = 0;
  let peak = process.memoryUsage().rss;
  for (let after = projector.currentPosition; ; ) {
    const page = (await events.readAll(after, batchSize)).filter((e) => e.position <= until);
    if (page.length === 0) break;
    await projector.applyBatch(page);
    count += page.length;
    after = page[page.length - 1]!.position;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  return { events: count, ms: performance.now() - started, peakRssBytes: peak };
}
