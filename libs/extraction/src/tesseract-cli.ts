import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OcrResult, OcrWord } from './ocr-engine';

/** What one read of a page needs: the languages and parameters, as tesseract.js gets them. */
export interface TesseractCliOptions {
  command: string;
  languages: readonly string[];
  parameters: Readonly<Record<string, string>>;
}

/**
 * One page at a time through Debian's `tesseract` command: the image goes in on stdin, the plain text
 * and the words with their boxes and confidences (TSV) come back as files of a temporary folder. The
 * LSTM engine only (`--oem 1`), as the tesseract.js engine; page segmentation and the resolution are
 * tesseract's defaults in both. `stop()` kills the page being read (a deadline passed).
 */
export class TesseractProcess {
  private running: ChildProcess | undefined;
  private stopped = false;

  constructor(private readonly options: TesseractCliOptions) {}

  async read(image: Buffer): Promise<OcrResult> {
    const dir = await mkdtemp(path.join(tmpdir(), 'ocr-'));
    try {
      const out = path.join(dir, 'page');
      const args = ['stdin', out, '-l', this.options.languages.join('+'), '--oem', '1'];
      for (const [name, value] of Object.entries(this.options.parameters)) args.push('-c', `${name}=${value}`);
      await this.run([...args, 'txt', 'tsv'], image);
      const [text, tsv] = await Promise.all([readFile(`${out}.txt`, 'utf8'), readFile(`${out}.tsv`, 'utf8')]);
      const words = wordsFromTsv(tsv);
      const confidence = words.length === 0 ? 0 : Math.round(words.reduce((sum, w) => sum + w.confidence, 0) / words.length);
      return { text: text.replace(/[ \t]+\n/g, '\n').trim(), confidence, words };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private run(args: string[], input: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.stopped) return reject(new Error('tesseract was stopped'));
      // One thread per process: the pool runs OCR_WORKERS processes side by side, OpenMP would oversubscribe the cores.
      const child = spawn(this.options.command, args, {
        env: { ...process.env, OMP_THREAD_LIMIT: process.env.OMP_THREAD_LIMIT ?? '1' },
        stdio: ['pipe', 'ignore', 'pipe'],
      });
      this.running = child;
      let stderr = '';
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
      // tesseract may exit before reading all of stdin (an image it cannot decode): the exit code tells.
      child.stdin!.on('error', () => undefined);
      child.stdin!.end(input);
      child.on('error', reject);
      child.on('close', (code, signal) => {
        if (this.running === child) this.running = undefined;
        if (code === 0) resolve();
        else reject(new Error(`tesseract ${signal ? `was stopped (${signal})` : `exited with ${code}`}: ${stderr.trim().split('\n').pop() ?? ''}`));
      });
    });
  }

  /** Kills the page being read; a stopped process reads no more pages. */
  stop(): void {
    this.stopped = true;
    this.running?.kill('SIGKILL');
  }
}

/** The words of tesseract's TSV output (level 5 rows) with their boxes in image pixels, in reading order. */
export function wordsFromTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const line of tsv.split('\n')) {
    const columns = line.split('\t');
    // level page block paragraph line word left top width height conf text
    if (columns.length < 12 || columns[0] !== '5') continue;
    const text = columns.slice(11).join('\t').trim();
    if (text === '') continue;
    const [left, top, width, height, confidence] = columns.slice(6, 11).map(Number) as [number, number, number, number, number];
    words.push({ text, x0: left, y0: top, x1: left + width, y1: top + height, confidence });
  }
  return words;
}
