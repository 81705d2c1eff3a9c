import { Worker } from 'node:worker_threads';

/**
 * The checkpointing thread: its own connection to the file, a PASSIVE checkpoint on each request (it copies what
 * the log holds into the database file and syncs it, beside the writer and the readers, taking no lock they wait
 * for), then the answer.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 5000, fileMustExist: true });
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ done: true });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

/** The least time between the beginnings of two checkpoints of one file. */
export const CHECKPOINT_GAP_MS = 200;

/**
 * Checkpoints a SQLite file's write-ahead log off the event loop. SQLite's own checkpoint runs inside the COMMIT
 * that fills the log (every 1,000 pages), on the committing thread: during a large import that was the longest
 * single wait of every other request, and it grew with the tables. The writer turns its automatic checkpoint off
 * and asks here after each commit; one checkpoint runs at a time, and commits meanwhile are covered by the next.
 * Should the thread fail, the writer's automatic checkpoint is turned back on (`onFailed`).
 *
 * At most one checkpoint begins per `gapMs` (CHECKPOINT_GAP_MS); commits within the gap are covered by one at its
 * end. A checkpoint syncs the log and the database file: asked after every commit, at 100-200 writes a second it
 * ran back to back (two fsyncs per projector batch), and on ext4 the event log's COMMIT (synchronous = FULL) waited
 * behind them in the file system's journal — the write → push p50 went 5 → 14-35 ms between runs, as the two
 * happened to fall together (docs/benchmarks/2026-12-01-push-wait.md). Nothing is less durable: a checkpoint
 * only copies committed pages from the log into the database file.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private running = false;
  private wanted = false;
  private failed = false;
  private lastBegan = -Infinity;
  private waiting: NodeJS.Timeout | null = null;
  private begunCount = 0;

  constructor(
    file: string,
    onFailed: (error: unknown) => void,
    private readonly gapMs = CHECKPOINT_GAP_MS,
  ) {
    this.worker = new Worker(CHECKPOINTER, { eval: true, workerData: { file, driver: require.resolve('better-sqlite3') } });
    // The process does not stay up for it.
    this.worker.unref();
    const fail = (error: unknown) => {
      if (this.failed) return;
      this.failed = true;
      onFailed(error);
    };
    this.worker.on('message', (answer: { done: true } | { error: string }) => {
      this.running = false;
      if ('error' in answer) return fail(new Error(answer.error));
      if (this.wanted) this.request();
    });
    this.worker.on('error', fail);
  }

  /** Checkpoints asked of the thread so far. */
  get begun(): number {
    return this.begunCount;
  }

  /** After a commit: a checkpoint now, or after the running one, or at the end of the gap since the last one began. */
  request(): void {
    if (this.failed) return;
    if (this.running || this.waiting) {
      this.wanted = true;
      return;
    }
    const wait = this.lastBegan + this.gapMs - performance.now();
    if (wait > 0) {
      this.wanted = true;
      this.waiting = setTimeout(() => {
        this.waiting = null;
        this.request();
      }, wait);
      this.waiting.unref();
      return;
    }
    this.wanted = false;
    this.running = true;
    this.lastBegan = performance.now();
    this.begunCount += 1;
    this.worker.postMessage('checkpoint');
  }

  async close(): Promise<void> {
    if (this.waiting) clearTimeout(this.waiting);
    this.waiting = null;
    if (this.failed) return;
    this.failed = true;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    // While it closes the thread keeps the process up: with nothing else pending (a replay's last close) an
    // unreferenced thread would let the process end before this promise settles.
    this.worker.ref();
    this.worker.postMessage('close');
    // A checkpoint still running finishes first; the writer's close checkpoints what is left.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)))]);
    clearTimeout(timer);
    await this.worker.terminate();
  }
}
