import { OCR_DPI, OCR_PARAMETERS, OcrEngine, type OcrEngineOptions } from '@portal/extraction';
import { generateScanPages, type ScanPage } from './ocr/ocr-speed/scan-pages';
import { timeOcr } from './ocr/ocr-speed/ocr-speed.bench';
import type { FeatureBenchItem } from './feature-items';
import type { Figure, Options } from './items';
import { spread } from './stats';

/** The scans' resolution: the issue's figure is seconds per A4 page at 300 dpi. */
export const PAGE_DPI = 300;

/** The pages of the OCR figures: generated invoices scanned at 300 dpi (2 with --quick, else 6). */
export function scanPagesFor(options: Options): Promise<ScanPage[]> {
  return generateScanPages({ count: options.quick ? 2 : 6, dpi: PAGE_DPI });
}

/** The engine as it was (one worker, tesseract's default parameters), with the parameters, and with its workers. */
const PARAMETERS = Object.entries(OCR_PARAMETERS).map(([k, v]) => `${k}=${v}`).join(' ');
const SETUPS: Array<{ name: string; engine: OcrEngineOptions }> = [
  { name: 'before (1 worker, default parameters, read at 300 dpi)', engine: { workers: 1, parameters: {}, dpi: 0 } },
  { name: `parameters (1 worker, ${PARAMETERS}, ${OCR_DPI} dpi)`, engine: { workers: 1 } },
  { name: 'parameters + read at 200 dpi (1 worker; not the default: less accurate)', engine: { workers: 1, dpi: 200 } },
  { name: 'parameters + read at 150 dpi (1 worker; not the default: less accurate)', engine: { workers: 1, dpi: 150 } },
  { name: `after (parameters, ${OCR_DPI} dpi, workers as configured)`, engine: {} },
];

/** Issue 19.3: seconds per scanned A4 page and character accuracy, before and after, engines warm. */
export const ocrBenchItem: FeatureBenchItem = {
  name: 'ocr',
  async run(options: Options): Promise<Figure[]> {
    const pages = await scanPagesFor(options);
    const results = SETUPS.map(() => ({ seconds: [] as number[], cpu: [] as number[], accuracy: [] as number[], workers: 0 }));
    for (let r = 0; r < options.runs; r++) {
      for (const [i, setup] of SETUPS.entries()) {
        const engine = new OcrEngine(setup.engine);
        try {
          await Promise.all(pages.slice(0, engine.maxWorkers).map((page) => engine.recognize(page.image)));
          const run = await timeOcr(pages, async (page) => (await engine.recognize(page.image)).text, engine.maxWorkers);
          results[i]!.seconds.push(run.secondsPerPage);
          results[i]!.cpu.push(run.cpuSecondsPerPage);
          results[i]!.accuracy.push(run.accuracy * 100);
          results[i]!.workers = engine.maxWorkers;
          options.log(`ocr run ${r + 1} ${setup.name}: ${run.secondsPerPage.toFixed(2)} s per page (CPU ${run.cpuSecondsPerPage.toFixed(2)} s), accuracy ${(run.accuracy * 100).toFixed(2)} % (${run.errors} of ${run.characters} characters wrong)`);
        } finally {
          await engine.terminate();
        }
      }
    }
    const dataset = `${pages.length} generated invoice scans, A4 at ${PAGE_DPI} dpi (JPEG, greyscale paper, skew, specks), deu+eng, tesseract.js LSTM, workers warm`;
    return SETUPS.flatMap((setup, i) => {
      const name = setup.name.replace('workers as configured', `${results[i]!.workers} workers`);
      return [
        { item: 19, name: `OCR seconds per A4 page, ${name}`, unit: 's', runs: results[i]!.seconds, dataset, note: 'wall clock, all pages queued at once' },
        { item: 19, name: `OCR CPU seconds per A4 page, ${name}`, unit: 's', runs: results[i]!.cpu, dataset, note: 'every thread of the process: what a page costs, whatever else runs on the machine' },
        { item: 19, name: `OCR character accuracy, ${name}`, unit: '%', runs: results[i]!.accuracy, dataset, note: `median ${spread(results[i]!.accuracy).median.toFixed(2)}` },
      ];
    });
  },
};
