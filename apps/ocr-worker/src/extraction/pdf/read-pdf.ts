import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PdfAttachment } from '../einvoice/find-attachment';

export interface PdfPage {
  text: string;
  /** Rasterised page, present when the page had (almost) no text layer and was within the OCR page cap. */
  png?: Uint8Array;
  renderError?: string;
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
}

// tsc does not copy .mjs files, so the build uses the runner in src (beside this file when run from src).
const RUNNER = [
  path.join(__dirname, 'pdfjs-runner.mjs'),
  path.resolve(__dirname, '../../../src/extraction/pdf/pdfjs-runner.mjs'),
].find((p) => existsSync(p)) ?? path.join(__dirname, 'pdfjs-runner.mjs');

function isReadResult(value: unknown): value is PdfReadResult {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';
}

/** Reads a PDF with pdf.js in a worker thread with a heap limit and a timeout; never rejects. */
export function readPdf(bytes: Uint8Array, options: ReadPdfOptions): Promise<PdfReadResult> {
  return new Promise((resolve) => {
    const data = new Uint8Array(bytes);
    const { timeoutMs, maxHeapMb, ...limits } = options;
    let settled = false;
    const finish = (result: PdfReadResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const worker = new Worker(RUNNER, {
      workerData: { data, ...limits },
      transferList: [data.buffer],
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      stdout: true,
      stderr: true,
    });
    const timer = setTimeout(
      () => finish({ ok: false, kind: 'timeout', message: `stopped after ${Math.round(timeoutMs / 1000)} s` }),
      timeoutMs,
    );
    worker.on('message', (message: unknown) =>
      finish(isReadResult(message) ? message : { ok: false, kind: 'crash', message: 'unexpected reply from the PDF reader' }),
    );
    worker.on('error', (err: Error & { code?: string }) =>
      finish({ ok: false, kind: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash', message: err.message }),
    );
    worker.on('exit', (code) => finish({ ok: false, kind: 'crash', message: `the PDF reader stopped (exit code ${code})` }));
  });
}
