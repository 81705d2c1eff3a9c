import { generateScanPages, OCR_PARAMETERS, OcrEngine, timeOcr, type OcrEngineOptions, type ScanPage } from '@portal/ocr-worker';
import type { FeatureBenchItem } from './feature-items';
import type { Figure, Options } from './items';
import { spread } from './stats';

export const OCR_DPI = 300;

/** The pages of the OCR figures: generated invoices scanned at 300 dpi (2 with --quick, else 6). */
export function scanPagesFor(options: Options): Promise<ScanPage[]> {
  return generateScanPages({ count: options.quick ? 2 : 6, dpi: OCR_DPI });
}

/** The engine as it was (one worker, tesseract's default parameters), with the parameters, and with its workers. */
const SETUPS: Array<{ name: string; engine: () => OcrEngineOptions }> = [
  { name: 'before (1 worker, default parameters)', engine: () => ({ workers: 1, parameters: {} }) },
  { name: `parameters (1 worker, ${Object.entries(OCR_PARAMETERS).map(([k, v]) => `${k}=${v}`).join(' ')})`, engine: () => ({ workers: 1 }) },
  { name: 'after (parameters, workers as configured)', engine: () => ({}) },
];

/** Issue 19.3: seconds per scanned A4 page and character accuracy, before and after, engines warm. */
export const ocrBenchItem: FeatureBenchItem = {
  name: 'ocr',
  async run(options: Options): Promise<Figure[]> {
    const pages = await scanPagesFor(options);
    const results = SETUPS.map(() => ({ seconds: [] as number[], accuracy: [] as number[], workers: 0 }));
    for (let r = 0; r < options.runs; r++) {
      for (const [i, setup] of SETUPS.entries()) {
        const engine = new OcrEngine(setup.engine());
        try {
          await Promise.all(pages.slice(0, engine.maxWorkers).map((page) => engine.recognize(page.image)));
          const run = await timeOcr(pages, async (page) => (await engine.recognize(page.image)).text, engine.maxWorkers);
          results[i]!.seconds.push(run.secondsPerPage);
          results[i]!.accuracy.push(run.accuracy * 100);
          results[i]!.workers = engine.maxWorkers;
          options.log(`ocr run ${r + 1} ${setup.name}: ${run.secondsPerPage.toFixed(2)} s per page, accuracy ${(run.accuracy * 100).toFixed(2)} % (${run.errors} of ${run.characters} characters wrong)`);
        } finally {
          await engine.terminate();
        }
      }
    }
    const dataset = `${pages.length} generated invoice scans, A4 at ${OCR_DPI} dpi (JPEG, greyscale paper, skew, specks), deu+eng, tesseract.js LSTM, workers warm`;
    return SETUPS.flatMap((setup, i) => [
      { item: 19, name: `OCR seconds per A4 page, ${setup.name.replace('workers as configured', `${results[i]!.workers} workers`)}`, unit: 's', runs: results[i]!.seconds, dataset },
      { item: 19, name: `OCR character accuracy, ${setup.name.replace('workers as configured', `${results[i]!.workers} workers`)}`, unit: '%', runs: results[i]!.accuracy, dataset, note: `median ${spread(results[i]!.accuracy).median.toFixed(2)}` },
    ]);
  },
};
