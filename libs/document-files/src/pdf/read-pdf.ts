import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PageWord } from '@portal/contracts';
import { readOnReader } from './reader-processes';

/** A file embedded in a PDF (e.g. the XML of a ZUGFeRD/Factur-X invoice). */
export interface PdfAttachment {
  filename: string;
  content: Uint8Array;
}

export interface PdfPage {
  text: string;
  /** Rasterised page, present when the page had (almost) no text layer and was within the OCR page cap. */
  png?: Uint8Array;
  renderError?: string;
  /** Page size in points and the text layer's words (points, origin top left). */
  width?: number;
  height?: number;
  words?: PageWord[];
}

export type PdfReadResult =
  | { ok: true; pageCount: number; pages: PdfPage[]; attachments: PdfAttachment[] }
  | { ok: false; kind: 'password' | 'invalid' | 'unknown' | 'timeout' | 'memory' | 'crash'; message: string };

export interface ReadPdfOptions {
  maxPages: number;
  maxOcrPages: number;
  /** A page with fewer non-space characters in its text layer is rasterised for OCR. */
  minTextChars: number;
  dpi: number;
  /** Pages larger than this at `dpi` are rendered at a lower resolution. */
  maxPixels: number;
  timeoutMs: number;
  maxHeapMb: number;
  /**
   * 'process' (default) survives even a native crash of the rasteriser (the process waits warm for the next
   * documents, and one that timed out or failed is killed); 'thread' starts faster but shares
   * the process, so only JavaScript errors and heap exhaustion are contained.
   */
  isolation?: 'process' | 'thread';
}

// tsc does not copy .mjs files, so the build uses the runner in src (beside this file when run from src).
const RUNNER =
  [path.join(__dirname, 'pdfjs-runner.mjs'), path.resolve(__dirname, '../../src/pdf/pdfjs-runner.mjs')].find((p) => existsSync(p)) ??
  path.join(__dirname, 'pdfjs-runner.mjs');

type Failure = Extract<PdfReadResult, { ok: false }>;

function isReadResult(value: unknown): value is PdfReadResult {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';
}

function toUint8(value: unknown): Uint8Array {
  // Across IPC, typed arrays may arrive as Buffers; both are Uint8Array views.
  return value instanceof Uint8Array ? value : new Uint8Array(0);
}

function normalised(message: unknown): PdfReadResult {
  if (!isReadResult(message)) return { ok: false, kind: 'crash', message: 'unexpected reply from the PDF reader' };
  if (!message.ok) return message;
  return {
    ...message,
    pages: message.pages.map((p) => ({ ...p, ...(p.png ? { png: toUint8(p.png) } : {}) })),
    attachments: message.attachments.map((a) => ({ filename: a.filename, content: toUint8(a.content) })),
  };
}

interface Runner {
  onMessage(cb: (message: unknown) => void): void;
  onFailure(cb: (failure: Failure) => void): void;
  /** `answered`: the reader replied (a result or a refusal it read); otherwise it timed out or failed and is stopped. */
  stop(answered: boolean): void;
}

function threadRunner(input: Record<string, unknown>, data: Uint8Array, maxHeapMb: number): Runner {
  const worker = new Worker(RUNNER, {
    workerData: { ...input, data },
    transferList: [data.buffer as ArrayBuffer],
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    stdout: true,
    stderr: true,
  });
  return {
    onMessage: (cb) => worker.on('message', cb),
    onFailure: (cb) => {
      worker.on('error', (err: Error & { code?: string }) =>
        cb({ ok: false, kind: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash', message: err.message }),
      );
      worker.on('exit', (code) => cb({ ok: false, kind: 'crash', message: `the PDF reader stopped (exit code ${code})` }));
    },
    stop: () => void worker.terminate(),
  };
}

/** A child process kept warm between documents (pdf.js is loaded once per reader, not once per file). */
function processRunner(input: Record<string, unknown>, data: Uint8Array, maxHeapMb: number): Runner {
  const job = readOnReader(RUNNER, maxHeapMb, { ...input, data });
  return {
    onMessage: (cb) => job.onReply(cb),
    onFailure: (cb) =>
      job.onExit(({ code, signal, stderr, error }) => {
        if (error) return cb({ ok: false, kind: 'crash', message: error.message });
        const memory = /heap out of memory|Allocation failed/i.test(stderr);
        // The reply may still be in the IPC pipe when the child has already exited.
        setTimeout(() => cb({ ok: false, kind: memory ? 'memory' : 'crash', message: `the PDF reader stopped (${signal ?? `exit code ${code}`})` }), 200);
      }),
    stop: (answered) => job.release(answered),
  };
}

/** Reads a PDF with pdf.js in a child process (or thread) with a heap limit and a timeout; never rejects. */
export function readPdf(bytes: Uint8Array, options: ReadPdfOptions): Promise<PdfReadResult> {
  return new Promise((resolve) => {
    const { timeoutMs, maxHeapMb, isolation = 'process', ...input } = options;
    const data = new Uint8Array(bytes);
    let settled = false;
    let runner: Runner | undefined;
    const finish = (result: PdfReadResult, answered = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      runner?.stop(answered);
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, kind: 'timeout', message: `stopped after ${timeoutMs} ms` }), timeoutMs);
    try {
      runner = isolation === 'thread' ? threadRunner(input, data, maxHeapMb) : processRunner(input, data, maxHeapMb);
      runner.onMessage((message) => finish(normalised(message), isReadResult(message)));
      runner.onFailure(finish);
    } catch (err) {
      finish({ ok: false, kind: 'crash', message: err instanceof Error ? err.message : String(err) });
    }
  });
}
