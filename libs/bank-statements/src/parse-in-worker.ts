import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CsvMapping } from '@portal/contracts';
import type { FilePreview } from './preview';
import { StatementParseError, type BankStatement, type ParsedEntry, type StatementFile } from './statement';
import type { ParseReply, ParseRequest } from './worker/parse-protocol';

/** Limits of one parse: its time and the worker's heap (a 100 MB statement needs about 1 GB). */
export interface ParseLimits {
  timeoutMs: number;
  maxHeapMb: number;
  /** Files read at the same time; more wait (each takes a core). */
  concurrency: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = { timeoutMs: 120_000, maxHeapMb: 1536, concurrency: 2 };

// tsc compiles the worker beside this file; under ts-jest-like runners the compiled one of the build is taken.
const WORKER_FILE = [join(__dirname, 'worker', 'parse-worker.js'), join(__dirname, '..', 'dist', 'worker', 'parse-worker.js')].find((p) => existsSync(p));

let running = 0;
const waiting: Array<() => void> = [];

async function slot<T>(limits: ParseLimits, work: () => Promise<T>): Promise<T> {
  if (running >= limits.concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Answers a reply; for chunked answers it returns true when the worker should send the next chunk. */
type OnReply = (reply: ParseReply) => boolean | void;

function run(request: ParseRequest, limits: ParseLimits, onReply: OnReply): Promise<void> {
  if (!WORKER_FILE) return Promise.reject(new Error('The statement parse worker is not built (npm run build).'));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: request, resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb }, stdout: false, stderr: false });
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new StatementParseError(`Reading the file took longer than ${Math.ceil(limits.timeoutMs / 1000)} s; split it into smaller files.`)), limits.timeoutMs);
    worker.on('message', (reply: ParseReply) => {
      if (reply.type === 'done') return finish();
      if (reply.type === 'refused') return finish(new StatementParseError(reply.message));
      if (reply.type === 'failed') return finish(new Error(`The statement could not be read: ${reply.message}`));
      try {
        // The next chunk is asked for after this one is taken in, in a later turn of the event loop.
        if (onReply(reply) === true) setImmediate(() => !settled && worker.postMessage({ type: 'next' }));
      } catch (e) {
        finish(e instanceof Error ? e : new Error(String(e)));
      }
    });
    worker.on('error', (e: Error & { code?: string }) => finish(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new StatementParseError('The file is too large to read at once; split it into smaller files.') : e));
    worker.on('exit', (code) => finish(new Error(`The statement reader stopped (exit code ${code}).`)));
  });
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
export function parseFileInWorker(request: ParseFileRequest, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<StatementFile> {
  return slot(limits, async () => {
    let file: StatementFile | null = null;
    const entries: ParsedEntry[][] = [];
    await run({ path: request.path, mode: 'parse', csvMapping: request.csvMapping ?? null, currency: request.currency ?? 'EUR', skipLines: 0 }, limits, (reply) => {
      if (reply.type === 'file') {
        file = { ...reply.file, statements: reply.file.statements.map((s) => ({ ...s, entries: [] }) as BankStatement) };
        file.statements.forEach((_, i) => (entries[i] = []));
      } else if (reply.type === 'entries') {
        const list = entries[reply.statement]!;
        for (const e of reply.entries) list.push(e);
        return true;
      }
      return false;
    });
    const read = file as StatementFile | null;
    if (!read) throw new Error('The statement reader answered no file.');
    read.statements.forEach((s, i) => (s.entries = entries[i]!));
    return read;
  });
}

/** The preview of a statement file, read in a worker thread. */
export function previewFileInWorker(request: ParseFileRequest & { skipLines?: number }, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<FilePreview & { table: { columns: string[]; rows: string[][]; delimiter: string | null } }> {
  return slot(limits, async () => {
    let answer: (FilePreview & { table: { columns: string[]; rows: string[][]; delimiter: string | null } }) | null = null;
    await run({ path: request.path, mode: 'preview', csvMapping: request.csvMapping ?? null, currency: request.currency ?? 'EUR', skipLines: request.skipLines ?? 0 }, limits, (reply) => {
      if (reply.type === 'preview') answer = { ...reply.preview, table: reply.table };
      return false;
    });
    if (!answer) throw new Error('The statement reader answered no preview.');
    return answer;
  });
}
