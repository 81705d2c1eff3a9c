import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { ReadStore } from '@portal/read-store';
import type { ReplayReport } from '@portal/projections';

/**
 * npm run replay [-- --data-dir DIR] [--events FILE] [--projector] [--rebuild-max-heap-mib N]
 * Rebuilds every read model from the event log into a fresh store, prints events per second and
 * a checksum per collection, and compares them with the live read models. `--projector` replays through the
 * projector's batches instead of the rebuild path (to compare the two). `--rebuild-max-heap-mib`: the heap the
 * rebuild may fill before it gives way to the projector's batches (default: 80 % of its cap).
 *
 * The rebuild path holds the read models in memory until it writes them. It runs in a worker thread whose old
 * generation is capped: without a cap V8 lets the heap grow to several times the live records before a full
 * collection (626 MiB at 1,000,000 bench events, 282 MiB with the cap). Read models too large for the cap
 * are replayed again through the projector's batches in the main thread, whose heap is not capped (they need more
 * memory than the rebuild on such logs: 1.5 GB for 200,000 documents).
 */
const REBUILD_HEAP_MIB = 224;
/**
 * The heap the rebuild's records may fill before the projector's batches take over, below the cap: a fold that
 * reaches the cap itself can end the whole process (V8 cannot always fail a large allocation in the worker only),
 * as 663,646 events of 200,000 documents did at 215 MiB. The 1,000,000 bench events peak at ~132 MiB.
 */
const REBUILD_MAX_HEAP_MIB = REBUILD_HEAP_MIB * 0.8;

interface ReplayJob {
  args: string[];
  scratch: string;
}

/** Said by the worker when the rebuild's records outgrew its heap: the main thread replays through the projector's batches. */
type TooLarge = NonNullable<ReplayReport['rebuildAbandoned']>;

/**
 * The replay into a fresh store in `scratch`; returns the exit code (1: a collection differs from the live one).
 * Without `--projector` only by the rebuild path, as the worker runs it: the projector's batches need more memory on
 * large logs than the worker's heap holds, so the main thread runs them (`--projector`).
 */
async function replay({ args, scratch }: ReplayJob): Promise<number | TooLarge> {
  // Loaded here, not at the top: the main thread only starts the worker and so does not hold the libraries twice.
  const [{ FolderBlobStore }, { SqliteEventStore }, { SqliteReadStore }, { checkpointName, replayInto, ALL_PROJECTIONS }] = await Promise.all([
    import('@portal/blob-store'),
    import('@portal/event-store'),
    import('@portal/read-store'),
    import('@portal/projections'),
  ]);
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const maxHeapMib = Number(option('--rebuild-max-heap-mib') ?? REBUILD_MAX_HEAP_MIB);
  if (!(maxHeapMib >= 0)) throw new RangeError('--rebuild-max-heap-mib takes a number of MiB (0 or more)');
  const dataDir = resolve(option('--data-dir') ?? process.env.PORTAL_DATA_DIR ?? 'data');
  const eventsFile = option('--events') ?? join(dataDir, 'events.sqlite');
  const events = new SqliteEventStore(eventsFile, { synchronous: 'NORMAL' });
  mkdirSync(scratch, { recursive: true });
  const target = new SqliteReadStore(join(scratch, 'replay.sqlite'));
  const blobs = new FolderBlobStore(join(dataDir, 'blobs'));
  const readText = async (sha256: string) => (await blobs.get(sha256))?.toString('utf8') ?? null;
  const collections = ALL_PROJECTIONS.flatMap((p) => p.collections.map((c) => c.name));
  try {
    const live: ReadStore | null = option('--events') ? null : new SqliteReadStore(join(dataDir, 'read-models.sqlite'));
    await live?.ensureCollections(ALL_PROJECTIONS.flatMap((p) => p.collections));
    // Compare like with like: replay up to where the live read models stand (a running portal may be further on).
    const liveCheckpoints = live ? await Promise.all(ALL_PROJECTIONS.map((p) => live.getCheckpoint(checkpointName(p)))) : [];
    const until = live ? Math.min(...liveCheckpoints.map((c) => c ?? -1)) : null;
    const report = await replayInto(events, target, ALL_PROJECTIONS, {
      readText,
      until,
      rebuild: args.includes('--projector') ? false : 'only',
      rebuildMaxHeapBytes: maxHeapMib * 1048576,
    });
    if (report.path === 'none') {
      await live?.close();
      return report.rebuildAbandoned ?? { abandonedAfter: 0, heapBytes: 0 };
    }
    const seconds = report.ms / 1000;
    process.stdout.write(
      `Replayed ${report.events} events in ${seconds.toFixed(2)} s: ${Math.round(report.events / Math.max(seconds, 1e-6))} events/s, peak RSS ${Math.round(report.peakRssBytes / 1048576)} MiB (${report.path} path)\n`,
    );
    for (const line of costLines(report)) process.stdout.write(`${line}\n`);
    let mismatches = 0;
    for (const name of collections) {
      const replayed = await target.checksum(name);
      const current = live ? await live.checksum(name) : null;
      const verdict = current === null ? '' : current === replayed ? '  live: match' : '  live: DIFFERS';
      if (current !== null && current !== replayed) mismatches++;
      process.stdout.write(`${name.padEnd(22)} ${replayed}${verdict}\n`);
    }
    const after = live ? await Promise.all(ALL_PROJECTIONS.map((p) => live.getCheckpoint(checkpointName(p)))) : [];
    const moved = after.some((c, i) => c !== liveCheckpoints[i]);
    if (moved) process.stdout.write('The live read models moved on during the comparison (the portal is busy); run again when it is idle.\n');
    await live?.close();
    return mismatches > 0 && !moved ? 1 : 0;
  } finally {
    await target.close();
    await events.close();
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const scratch = mkdtempSync(join(tmpdir(), 'portal-replay-'));
  try {
    if (args.includes('--projector')) return await projectorReplay(args, scratch);
    const projector = async (why: string) => {
      process.stdout.write(`${why}: replaying through the projector's batches.\n`);
      return await projectorReplay(args, join(scratch, 'projector'));
    };
    try {
      const outcome = await inWorker({ args, scratch: join(scratch, 'rebuild') });
      if (typeof outcome === 'number') return outcome;
      return await projector(
        `The read models outgrew the rebuild's heap after ${outcome.abandonedAfter} events (${Math.round(outcome.heapBytes / 1048576)} MiB)`,
      );
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_WORKER_OUT_OF_MEMORY') throw error;
      return await projector(`The read models do not fit the rebuild's ${REBUILD_HEAP_MIB} MiB`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Through the projector's batches, in this thread: their memory does not count against the worker's cap. */
async function projectorReplay(args: string[], scratch: string): Promise<number> {
  const outcome = await replay({ args: args.includes('--projector') ? args : [...args, '--projector'], scratch });
  // Only the rebuild path gives up for its heap.
  if (typeof outcome !== 'number') throw new Error('the projector path gave up for its heap');
  return outcome;
}

function inWorker(job: ReplayJob): Promise<number | TooLarge> {
  return new Promise((resolveCode, reject) => {
    let code: number | TooLarge | null = null;
    const worker = new Worker(__filename, { workerData: job, resourceLimits: { maxOldGenerationSizeMb: REBUILD_HEAP_MIB } });
    worker.on('message', (message: { code: number | TooLarge }) => (code = message.code));
    worker.on('error', reject);
    worker.on('exit', (exit) => (code === null ? reject(new Error(`the replay worker stopped with exit code ${exit}`)) : resolveCode(code)));
  });
}

/**
 * The rate of the log's reading and of each projection (fold and write): the events of the range per second of
 * that part alone. The replay's own rate is one over the sum of their inverses, so the slowest lines are where
 * a new projection made the replay slower.
 */
function costLines(report: ReplayReport): string[] {
  const rate = (ms: number) => (ms > 0 ? `${Math.round(report.events / (ms / 1000))} events/s` : '-');
  const lines: string[] = [];
  if (report.readMs !== undefined) lines.push(`reading the log: ${(report.readMs / 1000).toFixed(2)} s, ${rate(report.readMs)}`);
  for (const p of report.projections ?? []) {
    lines.push(
      `projection ${p.name}: ${p.events} events handled, fold ${(p.foldMs / 1000).toFixed(2)} s, write ${(p.writeMs / 1000).toFixed(2)} s, ${rate(p.foldMs + p.writeMs)}${p.copies ? ' (changes records it reads: reads copies)' : ''}`,
    );
  }
  return lines;
}

if (isMainThread) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`replay failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
} else {
  // Errors reach the main thread as the worker's 'error' event.
  void replay(workerData as ReplayJob).then((code) => parentPort!.postMessage({ code }));
}
