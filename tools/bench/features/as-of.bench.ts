import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentStreamId } from '@portal/domain';
import { SqliteEventStore } from '@portal/event-store';
import { percentile, sortNumbers } from '../stats';
import { documentAsOf } from '@portal/api';
import { appendDocumentEvents, busyDocument } from '../../harness/synthetic-document';

export interface AsOfLatency {
  events: number;
  samples: number;
  /** As of the last event: the whole stream read, folded and its chain verified. */
  latest: { p50Ms: number; p95Ms: number; maxMs: number };
  /** As of a random event. */
  random: { p50Ms: number; p95Ms: number; maxMs: number };
}

const summary = (runs: number[]) => {
  const sorted = sortNumbers(runs);
  return { p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), maxMs: sorted[sorted.length - 1]! };
};

/**
 * The "as of" latency of a document with `events` events (default 1,000) in the embedded SQLite event
 * store: read the stream, fold it through the documents projection, verify the hash chain.
 */
export async function measureAsOfLatency(options: { events?: number; samples?: number } = {}): Promise<AsOfLatency> {
  const count = options.events ?? 1000;
  const samples = options.samples ?? 30;
  const dir = mkdtempSync(join(tmpdir(), 'as-of-bench-'));
  const store = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'NORMAL' });
  try {
    const documentId = 1;
    await appendDocumentEvents(store, documentId, 1001, busyDocument(documentId, 1001, count));
    const timed = async (revision: number) => {
      const started = performance.now();
      const stream = await store.readStream(documentStreamId(documentId));
      const state = await documentAsOf(documentId, stream, revision);
      if (!state.chain.intact || state.document === null) throw new Error('as-of bench: unexpected state');
      return performance.now() - started;
    };
    await timed(count - 1); // warm-up: statement cache, JIT
    const latest: number[] = [];
    const random: number[] = [];
    for (let i = 0; i < samples; i++) {
      latest.push(await timed(count - 1));
      random.push(await timed(Math.floor(Math.random() * count)));
    }
    return { events: count, samples, latest: summary(latest), random: summary(random) };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
