import { fork, type ChildProcess } from 'node:child_process';

/** How long a reader process waits for its next document before it ends. */
const IDLE_MS = 30_000;
/** Documents one reader process reads before it is replaced, so what one document leaves behind stays bounded. */
const MAX_DOCUMENTS = 25;
/** A reader whose heap still holds more than this share of its limit after a document is replaced. */
const MAX_HEAP_SHARE = 0.5;
/** Readers kept waiting at once; a burst beyond them starts more, which end after their document. */
const MAX_IDLE = 2;

export interface ReaderExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last 2,000 characters the reader wrote to stderr during this job (a heap exhaustion says so there). */
  stderr: string;
  error?: Error;
}

/** One document on a reader process. */
export interface ReaderJob {
  onReply(cb: (result: unknown) => void): void;
  onExit(cb: (exit: ReaderExit) => void): void;
  /**
   * After the job: a reader that answered normally and is fit for more waits for the next document; any other
   * (a timeout, a crash, a heap past its share, its document quota reached) is killed.
   */
  release(answered: boolean): void;
}

interface Reader {
  child: ChildProcess;
  script: string;
  maxHeapMb: number;
  documents: number;
  heapUsedMb: number;
  stderr: string;
  idleTimer: NodeJS.Timeout | null;
}

const idle: Reader[] = [];
const counts = { started: 0, reused: 0 };
let nextId = 0;

/** Reader processes started and documents read by a reader that was already running, since this process began. */
export function readerProcessCounts(): { started: number; reused: number } {
  return { ...counts };
}

const alive = (reader: Reader) => reader.child.exitCode === null && reader.child.signalCode === null && reader.child.connected;

function kill(reader: Reader): void {
  if (reader.idleTimer) clearTimeout(reader.idleTimer);
  const at = idle.indexOf(reader);
  if (at >= 0) idle.splice(at, 1);
  if (reader.child.exitCode === null && reader.child.signalCode === null) reader.child.kill('SIGKILL');
}

function start(script: string, maxHeapMb: number): Reader {
  const child = fork(script, [], {
    execArgv: [`--max-old-space-size=${maxHeapMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const reader: Reader = { child, script, maxHeapMb, documents: 0, heapUsedMb: 0, stderr: '', idleTimer: null };
  child.stderr?.on('data', (chunk: Buffer) => {
    reader.stderr = (reader.stderr + chunk.toString('utf8')).slice(-2000);
  });
  // One that ends while waiting (killed from outside) is simply not offered again.
  child.once('exit', () => kill(reader));
  counts.started++;
  return reader;
}

function take(script: string, maxHeapMb: number): Reader {
  for (let i = idle.length - 1; i >= 0; i--) {
    const reader = idle[i]!;
    if (reader.script !== script || reader.maxHeapMb !== maxHeapMb) continue;
    idle.splice(i, 1);
    if (reader.idleTimer) clearTimeout(reader.idleTimer);
    reader.idleTimer = null;
    if (!alive(reader)) {
      kill(reader);
      continue;
    }
    counts.reused++;
    return reader;
  }
  return start(script, maxHeapMb);
}

/** Whether the reader (its process, IPC channel and stderr pipe) keeps this process's event loop alive. */
function holdOpen(reader: Reader, hold: boolean): void {
  const handles = [reader.child, reader.child.channel, reader.child.stderr] as Array<{ ref?(): void; unref?(): void } | null | undefined>;
  for (const handle of handles) (hold ? handle?.ref : handle?.unref)?.call(handle);
}

/** A waiting reader keeps neither this process alive nor memory for long. */
function park(reader: Reader): void {
  holdOpen(reader, false);
  reader.idleTimer = setTimeout(() => kill(reader), IDLE_MS);
  reader.idleTimer.unref();
  idle.push(reader);
}

/** Sends `input` to a waiting reader process of `script` with this heap limit, or to a new one. */
export function readOnReader(script: string, maxHeapMb: number, input: Record<string, unknown>): ReaderJob {
  const reader = take(script, maxHeapMb);
  holdOpen(reader, true);
  reader.stderr = '';
  reader.documents++;
  const id = ++nextId;
  // Each job's listeners come off the reader when it is released, so a warm reader does not collect them.
  const detach: Array<() => void> = [];
  const job: ReaderJob = {
    onReply: (cb) => {
      const listener = (message: { id?: number; result?: unknown; heapUsedMb?: number }) => {
        if (message?.id !== id) return;
        reader.heapUsedMb = message.heapUsedMb ?? 0;
        cb(message.result);
      };
      reader.child.on('message', listener);
      detach.push(() => reader.child.off('message', listener));
    },
    onExit: (cb) => {
      const failed = (error: Error) => cb({ code: null, signal: null, stderr: reader.stderr, error });
      const ended = (code: number | null, signal: NodeJS.Signals | null) => cb({ code, signal, stderr: reader.stderr });
      reader.child.on('error', failed).on('exit', ended);
      detach.push(() => reader.child.off('error', failed).off('exit', ended));
    },
    release: (answered) => {
      for (const off of detach) off();
      const fit =
        answered && alive(reader) && reader.documents < MAX_DOCUMENTS && reader.heapUsedMb < reader.maxHeapMb * MAX_HEAP_SHARE && idle.length < MAX_IDLE;
      if (fit) park(reader);
      else kill(reader);
    },
  };
  reader.child.send({ id, input });
  return job;
}
