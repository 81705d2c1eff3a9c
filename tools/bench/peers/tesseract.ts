import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describeOcrEngine, OcrEngine } from '@portal/extraction';
import { timeOcr } from '../ocr/ocr-speed/ocr-speed.bench';
import type { ScanPage } from '../ocr/ocr-speed/scan-pages';
import type { Figure, Options } from '../items';
import { removeDir } from '../../harness/proc';
import { scanPagesFor } from '../ocr-bench';
import { sideBySide, skipped } from './side-by-side';

const run = promisify(execFile);

async function nativeTesseract(): Promise<string | null> {
  try {
    const { stdout, stderr } = await run('tesseract', ['--list-langs']);
    const langs = `${stdout}${stderr}`;
    return langs.includes('deu') && langs.includes('eng') ? 'tesseract' : null;
  } catch {
    return null;
  }
}

/** OCR: the portal's engine as configured (native tesseract when installed, else tesseract.js) vs Debian's tesseract 5 command per page on the same images. */
export async function ocrPeer(options: Options): Promise<Figure[]> {
  if (!(await nativeTesseract()))
    return skipped(
      19,
      'native tesseract',
      "Debian's tesseract with deu+eng is not installed (apt-get install -y tesseract-ocr tesseract-ocr-deu tesseract-ocr-eng)",
    );
  const { stdout: version } = await run('tesseract', ['--version']);
  const pages = await scanPagesFor(options);
  const dir = mkdtempSync(join(tmpdir(), 'bench-tesseract-'));
  const files = new Map<ScanPage, string>(pages.map((page, i) => [page, join(dir, `page-${i}.jpg`)]));
  for (const [page, file] of files) writeFileSync(file, page.image);
  const engine = new OcrEngine();
  const workers = engine.maxWorkers;
  try {
    // Start the engine's workers before timing (the native binary starts per page, which is its own cost).
    await Promise.all(pages.slice(0, workers).map((page) => engine.recognize(page.image)));
    return await sideBySide(
      {
        item: 19,
        peer: 'native tesseract',
        runs: options.runs,
        measures: [
          { name: 'OCR seconds per A4 page', unit: 's', higherIsBetter: false },
          { name: 'OCR CPU seconds per A4 page', unit: 's', higherIsBetter: false },
          { name: 'OCR character accuracy', unit: '%', higherIsBetter: true },
        ],
        dataset: `${pages.length} generated invoice scans, A4 at ${pages[0]!.dpi} dpi (JPEG), deu+eng, LSTM; ${workers} pages at once on each side; ours: OcrEngine on ${describeOcrEngine(await engine.engine())} (words with boxes: TSV); peer: \`tesseract <page> stdout -l deu+eng --oem 1\`, ${workers} processes with OMP_THREAD_LIMIT=1; ${version.split('\n')[0]}`,
        log: options.log,
      },
      async (side) => {
        const read =
          side === 'ours'
            ? async (page: ScanPage) => (await engine.recognize(page.image)).text
            : async (page: ScanPage) =>
                (
                  await run('tesseract', [files.get(page)!, 'stdout', '-l', 'deu+eng', '--oem', '1'], {
                    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
                    maxBuffer: 16 << 20,
                  })
                ).stdout;
        const result = await timeOcr(pages, read, workers);
        return {
          'OCR seconds per A4 page': result.secondsPerPage,
          'OCR CPU seconds per A4 page': result.cpuSecondsPerPage,
          'OCR character accuracy': result.accuracy * 100,
        };
      },
    );
  } finally {
    await engine.terminate();
    removeDir(dir);
  }
}
