import type { PageWords } from '@portal/contracts';
import type { OcrWord } from './ocr-engine';

const r = (n: number) => Math.round(n * 100) / 100;

/** OCR words in image pixels → words in points on a page of the given size (origin top left). */
export function ocrPageWords(
  page: number,
  words: readonly OcrWord[],
  pixels: { width: number; height: number },
  points: { width: number; height: number },
): PageWords {
  const sx = points.width / pixels.width;
  const sy = points.height / pixels.height;
  return {
    page,
    width: r(points.width),
    height: r(points.height),
    words: words.map((w) => ({ text: w.text, x: r(w.x0 * sx), y: r(w.y0 * sy), width: r((w.x1 - w.x0) * sx), height: r((w.y1 - w.y0) * sy) })),
  };
}

/** An image upload as a page: A4 width, height in proportion. */
export const IMAGE_PAGE_WIDTH = 595.28;
