import { readImageInfo } from '@portal/document-files';
import { OcrEngine, TesseractProcess, wordsFromTsv, type OcrResult } from '@portal/extraction';
import { nativeTesseractMissing } from '../../../harness/tesseract-installed';
import { characterAccuracy } from './character-accuracy';
import { generateScanPages, type ScanPage } from './scan-pages';

jest.setTimeout(300_000);

describe('wordsFromTsv', () => {
  it('reads the word rows with their boxes and confidences in reading order, and skips empty words', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t2480\t3508\t-1\t',
      '4\t1\t1\t1\t1\t0\t428\t190\t755\t46\t-1\t',
      '5\t1\t1\t1\t1\t1\t428\t190\t328\t46\t95.698227\tInstallateur',
      '5\t1\t1\t1\t1\t2\t777\t190\t205\t46\t95.994690\t ',
      '5\t1\t1\t1\t1\t3\t1003\t190\t180\t46\t96.251221\tGmbH',
      '',
    ].join('\n');
    expect(wordsFromTsv(tsv)).toEqual([
      { text: 'Installateur', x0: 428, y0: 190, x1: 756, y1: 236, confidence: 95.698227 },
      { text: 'GmbH', x0: 1003, y0: 190, x1: 1183, y1: 236, confidence: 96.251221 },
    ]);
  });
});

const missing = nativeTesseractMissing();
(missing ? describe.skip : describe)(`native tesseract through its command${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let page: ScanPage;
  beforeAll(async () => {
    [page] = await generateScanPages({ count: 1, dpi: 300, seed: 34 });
  });

  async function read(engine: 'tesseract' | 'tesseract.js'): Promise<OcrResult> {
    const ocr = new OcrEngine({ engine, workers: 1 });
    try {
      expect((await ocr.engine()).engine).toBe(engine);
      return await ocr.recognize(page.image);
    } finally {
      await ocr.terminate();
    }
  }

  it('reads a generated invoice scan as accurately as tesseract.js, with every word boxed inside the page', async () => {
    const native = await read('tesseract');
    const wasm = await read('tesseract.js');
    const nativeScore = characterAccuracy(page.truth, native.text);
    const wasmScore = characterAccuracy(page.truth, wasm.text);
    expect(nativeScore.accuracy).toBeGreaterThan(0.95);
    // Equal within noise: the two engines share the LSTM recogniser, not the model files (Debian's are the fast ones).
    expect(Math.abs(nativeScore.accuracy - wasmScore.accuracy)).toBeLessThan(0.015);
    const { width, height } = readImageInfo(page.image)!;
    expect(native.words.length).toBeGreaterThan(0.9 * wasm.words.length);
    for (const word of native.words) {
      expect(word.x0).toBeGreaterThanOrEqual(0);
      expect(word.x1).toBeLessThanOrEqual(width);
      expect(word.y1).toBeLessThanOrEqual(height);
      expect(word.x1).toBeGreaterThan(word.x0);
      expect(word.confidence).toBeGreaterThanOrEqual(0);
      expect(word.confidence).toBeLessThanOrEqual(100);
    }
    // The words are those of the text, in its order.
    expect(native.words.map((w) => w.text).join(' ')).toBe(native.text.split(/\s+/).join(' '));
    // The same word where both engines read it, at the same place within a few pixels.
    const invoiceWord = (r: OcrResult) => r.words.find((w) => /^(Rechnung|Invoice)$/.test(w.text))!;
    const [a, b] = [invoiceWord(native), invoiceWord(wasm)];
    expect(Math.abs(a.x0 - b.x0) + Math.abs(a.y0 - b.y0)).toBeLessThan(10);
  });

  it('fails a page it cannot decode with what tesseract said', async () => {
    const tesseract = new TesseractProcess({ command: 'tesseract', languages: ['deu', 'eng'], parameters: {} });
    await expect(tesseract.read(Buffer.from('not an image'))).rejects.toThrow(/^tesseract exited with \d+/);
  });

  it('kills the page being read when stopped', async () => {
    const tesseract = new TesseractProcess({ command: 'tesseract', languages: ['deu', 'eng'], parameters: {} });
    const reading = tesseract.read(page.image);
    await new Promise((resolve) => setTimeout(resolve, 200));
    tesseract.stop();
    await expect(reading).rejects.toThrow('tesseract was stopped');
    await expect(tesseract.read(page.image)).rejects.toThrow('tesseract was stopped');
  });
});
