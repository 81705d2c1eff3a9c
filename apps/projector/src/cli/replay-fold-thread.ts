import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { FoldedElsewhere, FoldElsewhere, Projection } from '@portal/projections';

/**
 * The projections the replay's second thread folds, each thread reading the log itself: chosen so both threads
 * fold for about as long (bench parts of 1,000,000 events: company-settings and users ≈ companies and
 * acc-periods; the other projections handle none of the bench's events). Sound because a projection reads only
 * its own collections.
 */
export const SECOND_THREAD_PROJECTIONS: readonly string[] = ['company-settings', 'users'];

interface FoldJob {
  eventsFile: string;
  blobsDir: string;
  projections: string[];
  until: number;
}

/** Folds `projections` in a thread of its own with its own connection to the log; its heap's old generation is capped. */
export function foldInThread(eventsFile: string, blobsDir: string, projections: readonly Projection[], heapMib: number): FoldElsewhere {
  return {
    projections,
    fold: (until) =>
      new Promise<FoldedElsewhere>((resolve, reject) => {
        const job: FoldJob = { eventsFile, blobsDir, projections: projections.map((p) => p.name), until };
        const worker = new Worker(__filename, { workerData: job, resourceLimits: { maxOldGenerationSizeMb: heapMib } });
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`the replay's fold thread stopped with exit code ${code}`)));
      }),
  };
}

async function fold(job: FoldJob): Promise<FoldedElsewhere> {
  const [{ FolderBlobStore }, { SqliteEventStore }, { ALL_PROJECTIONS, foldRange, REBUILD_PAGE_SIZE }] = await Promise.all([
    import('@portal/blob-store'),
    import('@portal/event-store'),
    import('@portal/projections'),
  ]);
  const blobs = new FolderBlobStore(job.blobsDir);
  const readText = async (sha256: string) => (await blobs.get(sha256))?.toString('utf8') ?? null;
  const events = new SqliteEventStore(job.eventsFile, { synchronous: 'NORMAL' });
  try {
    const projections = ALL_PROJECTIONS.filter((p) => job.projections.includes(p.name));
    // Only the events these projections handle are read and parsed.
    const reader = events.readerOfTypes([...new Set(projections.flatMap((p) => p.handles))]);
    const folded = await foldRange(reader, projections, { pageSize: REBUILD_PAGE_SIZE, readText, until: job.until });
    const loads = folded.records.loads().map(({ name, records }) => ({ name, records: [...records] }));
    return { loads, costs: folded.costs, readMs: folded.readMs, peakRssBytes: Math.max(folded.peakRssBytes, process.memoryUsage.rss()) };
  } finally {
    await events.close();
  }
}

if (!isMainThread && (workerData as Partial<FoldJob> | null)?.projections) {
  // Errors reach the replay thread as this worker's 'error' event.
  void fold(workerData as FoldJob).then((folded) => parentPort!.postMessage(folded));
}
