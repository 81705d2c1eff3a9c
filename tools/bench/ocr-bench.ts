import { chooseOcrEngine, describeOcrEngine, OCR_DPI, OCR_PARAMETERS, OcrEngine, type OcrEngineOptions } from '@portal/extraction';
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

const OCR_PARAMETERS_TEXT = Object.entries(OCR_PARAMETERS)
  .map(([k, v]) => `${k}=${v}`)
  .join(' ');

/**
 * The engine before (tesseract.js's WebAssembly) and after (Debian's tesseract command), with the same
 * parameters, resolution and number of pages at once; the native rows are left out when it is not installed.
 */
const SETUPS: Array<{ name: string; engine: OcrEngineOptions; native?: true }> = [
  { name: `before: tesseract.js (${OCR_PARAMETERS_TEXT}, ${OCR_DPI} dpi, workers as configured)`, engine: { engine: 'tesseract.js' } },
  { name: `after: native tesseract (${OCR_PARAMETERS_TEXT}, ${OCR_DPI} dpi, processes as configured)`, engine: { engine: 'tesseract' }, native: true },
];

/** Seconds per scanned A4 page and character accuracy, before and after, engines warm, in alternating order. */
export const ocrBenchItem: FeatureBenchItem = {
  name: 'ocr',
  async run(options: Options): Promise<Figure[]> {
    const pages = await scanPagesFor(options);
    const native = await chooseOcrEngine('auto', ['deu', 'eng']);
    const setups = SETUPS.filter((setup) => !setup.native || native.engine === 'tesseract');
    const results = setups.map(() => ({ seconds: [] as number[], cpu: [] as number[], accuracy: [] as number[], workers: 0 }));
    for (let r = 0; r < options.runs; r++) {
      const order = r % 2 === 0 ? [...setups.keys()] : [...setups.keys()].reverse();
      for (const i of order) {
        const setup = setups[i]!;
        const engine = new OcrEngine(setup.engine);
        try {
          await Promise.all(pages.slice(0, engine.maxWorkers).map((page) => engine.recognize(page.image)));
          const run = await timeOcr(pages, async (page) => (await engine.recognize(page.image)).text, engine.maxWorkers);
          results[i]!.seconds.push(run.secondsPerPage);
          results[i]!.cpu.push(run.cpuSecondsPerPage);
          results[i]!.accuracy.push(run.accuracy * 100);
          results[i]!.workers = engine.maxWorkers;
          options.log(
            `ocr run ${r + 1} ${setup.name}: ${run.secondsPerPage.toFixed(2)} s per page (CPU ${run.cpuSecondsPerPage.toFixed(2)} s), accuracy ${(run.accuracy * 100).toFixed(2)} % (${run.errors} of ${run.characters} characters wrong)`,
          );
        } finally {
          await engine.terminate();
        }
      }
    }
    const dataset = `${pages.length} generated invoice scans, A4 at ${PAGE_DPI} dpi (JPEG, greyscale paper, skew, specks), deu+eng, LSTM, engines warm; ${describeOcrEngine(native)}`;
    const figures = setups.flatMap((setup, i): Figure[] => {
      const name = setup.name.replace(/(workers|processes) as configured/, `${results[i]!.workers} $1`);
      return [
        { item: 19, name: `OCR seconds per A4 page, ${name}`, unit: 's', runs: results[i]!.seconds, dataset, note: 'wall clock, all pages queued at once' },
        {
          item: 19,
          name: `OCR CPU seconds per A4 page, ${name}`,
          unit: 's',
          runs: results[i]!.cpu,
          dataset,
          note: 'every thread of the process and its child processes: what a page costs, whatever else runs on the machine',
        },
        {
          item: 19,
          name: `OCR character accuracy, ${name}`,
          unit: '%',
          runs: results[i]!.accuracy,
          dataset,
          note: `median ${spread(results[i]!.accuracy).median.toFixed(2)}`,
        },
      ];
    });
    if (setups.length === 2) {
      const ratio = (key: 'seconds' | 'cpu') => spread(results[0]![key]).median / spread(results[1]![key]).median;
      figures.push(
        { item: 19, name: 'OCR seconds per A4 page: after vs before (ratio of medians, > 1 = after faster)', unit: 'x', runs: [ratio('seconds')], dataset },
        { item: 19, name: 'OCR CPU seconds per A4 page: after vs before (ratio of medians, > 1 = after cheaper)', unit: 'x', runs: [ratio('cpu')], dataset },
      );
    } else {
      figures.push({
        item: 19,
        name: 'OCR after: native tesseract',
        unit: '-',
        runs: [],
        dataset: '-',
        pending: `skipped: ${native.fallback ?? 'native tesseract not in use'}`,
      });
    }
    return figures;
  },
};
