import { mkdtempSync, symlinkSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { readImageInfo } from '@portal/document-files';
import { ocrScale, shrink } from './ocr-resolution';
import { WorkerPool } from './worker-pool';

export interface OcrWord {
  text: string;
  /** Box in image pixels. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  confidence: number;
}

export interface OcrResult {
  text: string;
  /** Mean word confidence, 0–100. */
  confidence: number;
  /** Every recognised word with its box, in reading order. */
  words: OcrWord[];
}

export type OcrLanguage = 'eng' | 'deu';

let sharedLangPath: string | undefined;

/**
 * tesseract.js reads `<langPath>/<lang>.traineddata.gz`, but each npm data package has its own folder:
 * link both into one temporary folder, once per process. No download at run time.
 */
function langPath(): string {
  if (sharedLangPath) return sharedLangPath;
  const dir = mkdtempSync(path.join(tmpdir(), 'tessdata-'));
  for (const lang of ['eng', 'deu'] as const) {
    const pkg = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    symlinkSync(path.join(pkg, '4.0.0', `${lang}.traineddata.gz`), path.join(dir, `${lang}.traineddata.gz`));
  }
  sharedLangPath = dir;
  return dir;
}

/**
 * Tesseract parameters of the portal's engine. Without them every line whose recognition is unsure is
 * read a second time inverted (white on black), which scanned invoices never print: `npm run bench --
 * --only=ocr` shows the time per page before and after, with the character accuracy of both.
 */
export const OCR_PARAMETERS: Readonly<Record<string, string>> = { tessedit_do_invert: '0' };

/**
 * The resolution images are shrunk to before OCR (see ocrScale); 0 reads them as they come. Reading a 300 dpi
 * scan at 200 dpi saves 8 % of the CPU time, at 150 dpi 23 %, but costs 0.4 and 0.9 points of character
 * accuracy (`npm run bench -- --only=ocr`): only scans finer than 300 dpi (phone photos, 600 dpi) are shrunk.
 */
export const OCR_DPI = 300;

export interface OcrEngineOptions {
  languages?: readonly OcrLanguage[];
  /** Pages read at once, one worker thread each; default OCR_WORKERS, else the cores (at most 4). */
  workers?: number;
  /** Tesseract parameters; default OCR_PARAMETERS. */
  parameters?: Readonly<Record<string, string>>;
  /** Resolution OCR reads at; default OCR_DPI. */
  dpi?: number;
}

function defaultWorkers(): number {
  const configured = Number(process.env.OCR_WORKERS);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return Math.min(4, availableParallelism());
}

/** tesseract.js workers (their own threads), started as pages queue up and reused; eng+deu by default. */
export class OcrEngine {
  private pool?: WorkerPool<Worker>;
  private readonly languages: readonly OcrLanguage[];
  private readonly workers: number;
  private readonly parameters: Readonly<Record<string, string>>;
  private readonly dpi: number;

  constructor(options: OcrEngineOptions = {}) {
    this.languages = options.languages ?? ['deu', 'eng'];
    this.workers = options.workers ?? defaultWorkers();
    this.parameters = options.parameters ?? OCR_PARAMETERS;
    this.dpi = options.dpi ?? OCR_DPI;
  }

  /** How many pages this engine reads at once at most. */
  get maxWorkers(): number {
    return this.workers;
  }

  private async startWorker(): Promise<Worker> {
    const worker = await createWorker([...this.languages], OEM.LSTM_ONLY, { langPath: langPath(), cacheMethod: 'none', gzip: true });
    if (Object.keys(this.parameters).length > 0) await worker.setParameters(this.parameters);
    return worker;
  }

  /** Text and word boxes (in the given image's pixels); `dpi` is the image's resolution when the caller knows it. */
  async recognize(image: Buffer | Uint8Array, options: { dpi?: number } = {}): Promise<OcrResult> {
    const bytes = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
    const info = readImageInfo(bytes);
    const factor = info ? ocrScale(info, this.dpi, options.dpi) : 1;
    const input = factor < 1 && info ? await shrink(bytes, info, factor) : bytes;
    this.pool ??= new WorkerPool(() => this.startWorker(), this.workers, (worker) => worker.terminate());
    const { data } = await this.pool.run((worker) => worker.recognize(input, {}, { text: true, blocks: true }));
    const back = (v: number) => Math.round(v / factor);
    const words: OcrWord[] = [];
    for (const block of data.blocks ?? [])
      for (const paragraph of block.paragraphs)
        for (const line of paragraph.lines)
          for (const word of line.words) {
            if (word.text.trim() === '') continue;
            const { x0, y0, x1, y1 } = word.bbox;
            words.push({ text: word.text.trim(), x0: back(x0), y0: back(y0), x1: back(x1), y1: back(y1), confidence: word.confidence });
          }
    return { text: data.text.replace(/[ \t]+\n/g, '\n').trim(), confidence: data.confidence, words };
  }

  /** Stops the worker threads; the next recognize() starts fresh ones. */
  async terminate(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.terminate();
  }
}
