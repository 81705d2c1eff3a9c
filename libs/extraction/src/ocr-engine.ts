import { mkdtempSync, symlinkSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { readImageInfo } from '@portal/document-files';
import { chooseOcrEngine, DEFAULT_OCR_LANGUAGES, ocrEngineSetting, TESSERACT_COMMAND, type OcrEngineChoice, type OcrEngineSetting } from './ocr-engine-choice';
import { ocrScale, shrink } from './ocr-resolution';
import { TesseractProcess } from './tesseract-cli';
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
  /** Pages read at once (tesseract.js worker threads or native processes); default OCR_WORKERS, else the cores (at most 4). */
  workers?: number;
  /** Tesseract parameters; default OCR_PARAMETERS. */
  parameters?: Readonly<Record<string, string>>;
  /** Resolution OCR reads at; default OCR_DPI. */
  dpi?: number;
  /** Which tesseract reads; default OCR_ENGINE, else `auto` (the native command when installed). */
  engine?: OcrEngineSetting;
}

function defaultWorkers(): number {
  const configured = Number(process.env.OCR_WORKERS);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return Math.min(4, availableParallelism());
}

/** One page reader of the pool: a tesseract.js worker thread, or a slot for one native tesseract process. */
interface PageReader {
  read(image: Buffer): Promise<OcrResult>;
  stop(): Promise<unknown>;
}

/**
 * Tesseract on at most `workers` pages at once, off the event loop: native `tesseract` processes when
 * Debian's command is installed (about twice as fast as WebAssembly, `npm run bench -- --only=ocr`), else
 * tesseract.js worker threads started as pages queue up and reused; eng+deu by default.
 */
export class OcrEngine {
  private pool?: WorkerPool<PageReader>;
  private readonly languages: readonly OcrLanguage[];
  private readonly workers: number;
  private readonly parameters: Readonly<Record<string, string>>;
  private readonly dpi: number;
  private readonly setting: OcrEngineSetting;

  constructor(options: OcrEngineOptions = {}) {
    this.languages = options.languages ?? DEFAULT_OCR_LANGUAGES;
    this.workers = options.workers ?? defaultWorkers();
    this.parameters = options.parameters ?? OCR_PARAMETERS;
    this.dpi = options.dpi ?? OCR_DPI;
    this.setting = options.engine ?? ocrEngineSetting();
  }

  /** How many pages this engine reads at once at most. */
  get maxWorkers(): number {
    return this.workers;
  }

  /** The engine the pages are read with (probed once per process). */
  engine(): Promise<OcrEngineChoice> {
    return chooseOcrEngine(this.setting, this.languages);
  }

  private async startReader(): Promise<PageReader> {
    const choice = await this.engine();
    if (choice.engine === 'tesseract') {
      const tesseract = new TesseractProcess({ command: TESSERACT_COMMAND, languages: this.languages, parameters: this.parameters });
      return { read: (image) => tesseract.read(image), stop: async () => tesseract.stop() };
    }
    const worker = await createWorker([...this.languages], OEM.LSTM_ONLY, { langPath: langPath(), cacheMethod: 'none', gzip: true });
    if (Object.keys(this.parameters).length > 0) await worker.setParameters(this.parameters);
    return { read: (image) => readWithWorker(worker, image), stop: () => worker.terminate() };
  }

  /** Text and word boxes (in the given image's pixels); `dpi` is the image's resolution when the caller knows it. */
  async recognize(image: Buffer | Uint8Array, options: { dpi?: number } = {}): Promise<OcrResult> {
    const bytes = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
    const info = readImageInfo(bytes);
    const factor = info ? ocrScale(info, this.dpi, options.dpi) : 1;
    const input = factor < 1 && info ? await shrink(bytes, info, factor) : bytes;
    this.pool ??= new WorkerPool(
      () => this.startReader(),
      this.workers,
      (reader) => reader.stop(),
    );
    const read = await this.pool.run((reader) => reader.read(input));
    if (factor === 1) return read;
    const back = (v: number) => Math.round(v / factor);
    return { ...read, words: read.words.map((w) => ({ ...w, x0: back(w.x0), y0: back(w.y0), x1: back(w.x1), y1: back(w.y1) })) };
  }

  /** Stops the worker threads and kills the pages being read; the next recognize() starts fresh ones. */
  async terminate(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.terminate();
  }
}

async function readWithWorker(worker: Worker, image: Buffer): Promise<OcrResult> {
  const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
  const words: OcrWord[] = [];
  for (const block of data.blocks ?? [])
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines)
        for (const word of line.words) {
          if (word.text.trim() === '') continue;
          const { x0, y0, x1, y1 } = word.bbox;
          words.push({ text: word.text.trim(), x0, y0, x1, y1, confidence: word.confidence });
        }
  return { text: data.text.replace(/[ \t]+\n/g, '\n').trim(), confidence: data.confidence, words };
}
