import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { ExtractionResult } from '@portal/contracts';
import { writeSearchablePdf, type SearchablePage, type SearchablePdf } from './write-searchable-pdf';

/** Page images rendered for OCR are PNGs at 300 dpi; as JPEG they keep the look at a fraction of the size. */
async function asJpeg(png: Uint8Array): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.encode('jpeg', 80);
}

/**
 * The searchable PDF of a document OCR read, or null when no page needed OCR. A document of scanned pages
 * only is rebuilt from its page images (PDF/A-2b); a PDF with text pages too keeps its pages and gets the
 * OCR text over the scanned ones.
 */
export async function searchablePdfOf(
  result: ExtractionResult,
  original: { bytes: Buffer; mediaType: string },
  title: string,
  date: Date,
): Promise<SearchablePdf | null> {
  const images = result.ocrImages;
  const words = result.pageWords ?? [];
  if (!images || !images.some((i) => i !== null) || words.length !== images.length) return null;
  const allScanned = images.every((i) => i !== null);
  const pages: SearchablePage[] = [];
  for (const [index, image] of images.entries()) {
    const pageWords = image ? words[index]! : { ...words[index]!, words: [] };
    if (!allScanned) pages.push({ words: pageWords });
    else if (image!.type === 'png' && original.mediaType === 'application/pdf')
      pages.push({ words: pageWords, image: { bytes: await asJpeg(image!.bytes), type: 'jpeg' } });
    else pages.push({ words: pageWords, image: image! });
  }
  return writeSearchablePdf(pages, { title, date, ...(original.mediaType === 'application/pdf' ? { original: original.bytes } : {}) });
}
