import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';

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

/** One tesseract.js worker (its own thread), started on first use; eng+deu by default. */
export class OcrEngine {
  private worker?: Promise<Worker>;

  constructor(private readonly languages: readonly OcrLanguage[] = ['deu', 'eng']) {}

  private start(): Promise<Worker> {
    this.worker ??= createWorker([...this.languages], OEM.LSTM_ONLY, {
      langPath: langPath(),
      cacheMethod: 'none',
      gzip: true,
    }).catch((err: unknown) => {
      this.worker = undefined;
      throw err;
    });
    return this.worker;
  }

  async recognize(image: Buffer | Uint8Array): Promise<OcrResult> {
    const worker = await this.start();
    const { data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { text: true, blocks: true });
    const words: OcrWord[] = [];
    for (const block of data.blocks ?? [])
      for (const paragraph of block.paragraphs)
        for (const line of paragraph.lines)
          for (const word of line.words) if (word.text.trim() !== '') words.push({ text: word.text.trim(), ...word.bbox, confidence: word.confidence });
    return { text: data.text.replace(/[ \t]+\n/g, '\n').trim(), confidence: data.confidence, words };
  }

  /** Stops the worker thread; the next recognize() starts a fresh one. */
  async terminate(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker.catch(() => undefined))?.terminate();
  }
}
