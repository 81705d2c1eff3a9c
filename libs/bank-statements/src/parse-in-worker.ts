import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CsvMapping } from '@portal/contracts';
import type { FilePreview, PreviousBalances } from './preview';
import { StatementParseError, type BankStatement, type ParsedEntry, type StatementFile } from './statement';
import type { ParseReply, ParseRequest, WorkerCall } from './worker/parse-protocol';

/** Limits of reading: each file's time, a reader's heap (a 100 MB statement needs about 1 GB), readers at once. */
export interface ParseLimits {
  timeoutMs: number;
  maxHeapMb: number;
  /** Files read at the same time; more wait (each takes a core). */
  concurrency: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = { timeoutMs: 120_000, maxHeapMb: 1536, concurrency: 2 };

/** A reader left without work this long ends, and gives its memory back. */
const IDLE_MS = 60_000;

// tsc compiles the worker beside this file; under ts-jest-like runners the compiled one of the build is taken.
const WORKER_FILE = [join(__dirname, 'worker', 'parse-worker.js'), join(__dirname, '..', 'dist', 'worker', 'parse-worker.js')].find((p) => existsSync(p));

type OnReply = (reply: ParseReply) => boolean | void;

interface Reader {
  worker: Worker;
  busy: boolean;
  idle: NodeJS.Timeout | null;
  current: { job: number; onReply: OnReply; settle: (error?: Error) => void } | null;
}

/**
 * Worker threads that read statement files, kept between files (their modules load once), as many as the limits
 * allow at once; more files wait. A reader that runs out of time or memory is ended and replaced.
 */
class ReaderPool {
  private readonly readers: Reader[] = [];
  private readonly waiting: Array<() => void> = [];
  private job = 0;

  async run(request: ParseRequest, limits: ParseLimits, onReply: OnReply): Promise<void> {
    if (!WORKER_FILE) throw new Error('The statement parse worker is not built (npm run build).');
    const reader = await this.take(limits);
    const job = ++this.job;
    try {
      await new Promise<void>((resolve, reject) => {
        let settled = false;
        const timer = setTimeout(() => {
          settle(new StatementParseError(`Reading the file took longer than ${Math.ceil(limits.timeoutMs / 1000)} s; split it into smaller files.`));
          this.end(reader);
        }, limits.timeoutMs);
        const settle = (error?: Error) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          reader.current = null;
          if (error) reject(error);
          else resolve();
        };
        reader.current = { job, onReply, settle };
        reader.worker.postMessage({ type: 'read', job, request } satisfies WorkerCall);
      });
    } finally {
      this.release(reader);
    }
  }

  /**
   * Starts a reader now when none is free and one more is allowed, so its modules load while the file is still
   * arriving (it waits idle, no file taken, and ends after IDLE_MS like any reader without work).
   */
  warm(limits: ParseLimits): void {
    if (!WORKER_FILE || this.readers.some((r) => !r.busy) || this.readers.length >= limits.concurrency) return;
    this.release(this.start(limits));
  }

  private async take(limits: ParseLimits): Promise<Reader> {
    for (;;) {
      const free = this.readers.find((r) => !r.busy);
      if (free) {
        free.busy = true;
        if (free.idle) clearTimeout(free.idle);
        free.idle = null;
        return free;
      }
      if (this.readers.length < limits.concurrency) {
        const reader = this.start(limits);
        reader.busy = true;
        return reader;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private release(reader: Reader): void {
    reader.busy = false;
    if (this.readers.includes(reader)) {
      reader.idle = setTimeout(() => this.end(reader), IDLE_MS);
      reader.idle.unref();
    }
    this.waiting.shift()?.();
  }

  private start(limits: ParseLimits): Reader {
    const worker = new Worker(WORKER_FILE!, { resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb }, stdout: false, stderr: false });
    worker.unref();
    const reader: Reader = { worker, busy: false, idle: null, current: null };
    worker.on('message', (reply: ParseReply) => {
      const current = reader.current;
      if (!current || reply.job !== current.job) return;
      if (reply.type === 'done') return current.settle();
      if (reply.type === 'refused') return current.settle(new StatementParseError(reply.message));
      if (reply.type === 'failed') return current.settle(new Error(`The statement could not be read: ${reply.message}`));
      try {
        // The next chunk is asked for after this one is taken in, in a later turn of the event loop.
        if (current.onReply(reply) === true)
          setImmediate(() => reader.current?.job === current.job && worker.postMessage({ type: 'next', job: current.job } satisfies WorkerCall));
      } catch (e) {
        current.settle(e instanceof Error ? e : new Error(String(e)));
      }
    });
    worker.on('error', (e: Error & { code?: string }) =>
      reader.current?.settle(
        e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new StatementParseError('The file is too large to read at once; split it into smaller files.') : e,
      ),
    );
    worker.on('exit', (code) => {
      reader.current?.settle(new Error(`The statement reader stopped (exit code ${code}).`));
      this.remove(reader);
    });
    this.readers.push(reader);
    return reader;
  }

  private end(reader: Reader): void {
    this.remove(reader);
    void reader.worker.terminate();
  }

  private remove(reader: Reader): void {
    const i = this.readers.indexOf(reader);
    if (i !== -1) this.readers.splice(i, 1);
    if (reader.idle) clearTimeout(reader.idle);
    this.waiting.shift()?.();
  }
}

const pool = new ReaderPool();

/**
 * Starts a statement reader ahead of a file that is about to arrive (an upload that was just authorized), when no
 * reader is free: its start (loading its modules, about a quarter of a second of CPU) then overlaps the upload
 * instead of following it. Nothing is read and no reader is held; an unused one ends after a minute.
 */
export function warmStatementReader(limits: ParseLimits = DEFAULT_PARSE_LIMITS): void {
  pool.warm(limits);
}

export interface ParseFileRequest {
  path: string;
  csvMapping?: CsvMapping | null;
  currency?: string;
}

/**
 * Reads a statement file in a worker thread (the portal's event loop keeps answering meanwhile): the same
 * result as parseStatementFile, received in chunks. A file that is not a statement rejects with a
 * StatementParseError.
 */
export async function parseFileInWorker(request: ParseFileRequest, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<StatementFile> {
  let file: StatementFile | null = null;
  const entries: ParsedEntry[][] = [];
  await pool.run(
    { path: request.path, mode: 'parse', csvMapping: request.csvMapping ?? null, currency: request.currency ?? 'EUR', skipLines: 0 },
    limits,
    (reply) => {
      if (reply.type === 'file') {
        file = { ...reply.file, statements: reply.file.statements.map((s) => ({ ...s, entries: [] }) as BankStatement) };
        file.statements.forEach((_, i) => (entries[i] = []));
      } else if (reply.type === 'entries') {
        const list = entries[reply.statement]!;
        for (const e of reply.entries) list.push(e);
        return true;
      }
      return false;
    },
  );
  const read = file as StatementFile | null;
  if (!read) throw new Error('The statement reader answered no file.');
  read.statements.forEach((s, i) => (s.entries = entries[i]!));
  return read;
}

/** The preview of a statement file, read in a worker thread. */
export async function previewFileInWorker(
  request: ParseFileRequest & { skipLines?: number; previous?: PreviousBalances | null },
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<FilePreview & { table: { columns: string[]; rows: string[][]; delimiter: string | null } }> {
  let answer: (FilePreview & { table: { columns: string[]; rows: string[][]; delimiter: string | null } }) | null = null;
  await pool.run(
    {
      path: request.path,
      mode: 'preview',
      csvMapping: request.csvMapping ?? null,
      currency: request.currency ?? 'EUR',
      skipLines: request.skipLines ?? 0,
      previous: request.previous ?? null,
    },
    limits,
    (reply) => {
      if (reply.type === 'preview') answer = { ...reply.preview, table: reply.table };
      return false;
    },
  );
  if (!answer) throw new Error('The statement reader answered no preview.');
  return answer;
}
