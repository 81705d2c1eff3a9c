import { ORIGIN } from '@portal/contracts';
import { failed, type ExtractContext, type Extracted } from './context';
import { originsFor } from './field-origins';
import { extractFieldsFromText } from './fields/extract-fields';
import { readImageInfo } from './image-info';
import { PROBLEMS, problem } from './problems';
import { DeadlineExceeded, withDeadline } from './with-deadline';
import { IMAGE_PAGE_WIDTH, ocrPageWords } from './ocr-words';
import { layoutFromWords } from './word-layout';
import type { OcrResult } from './ocr-engine';

/** A scanned or photographed invoice: size check from the header, then OCR. */
export async function extractImage(bytes: Buffer, ctx: ExtractContext): Promise<Extracted> {
  const info = readImageInfo(bytes);
  if (!info) return failed(PROBLEMS.imageDamaged);
  const pixels = info.width * info.height;
  if (pixels > ctx.maxImagePixels) {
    return failed(problem.imageTooLarge(Math.round(pixels / 1e6), Math.round(ctx.maxImagePixels / 1e6)), 1);
  }
  let ocr: OcrResult;
  try {
    ocr = await withDeadline(ctx.ocr.recognize(bytes), ctx.deadline);
  } catch (err) {
    if (err instanceof DeadlineExceeded) {
      await ctx.ocr.terminate();
      return failed(problem.timeout(ctx.timeoutMs), 1);
    }
    return failed(PROBLEMS.imageUnreadable, 1);
  }
  const text = ocr.text;
  const points = { width: IMAGE_PAGE_WIDTH, height: Math.round((IMAGE_PAGE_WIDTH * info.height) / info.width * 100) / 100 };
  const words = ocrPageWords(1, ocr.words, info, points);
  // The field reader reads the recognised words in their columns, as it reads a text layer.
  const { fields, language, confidence, review } = extractFieldsFromText(layoutFromWords(words.words), { recognised: true });
  const type = bytes[0] === 0xff && bytes[1] === 0xd8 ? ('jpeg' as const) : bytes[0] === 0x89 ? ('png' as const) : null;
  return {
    origin: ORIGIN.OCR,
    text,
    pages: 1,
    pageOrigins: [ORIGIN.OCR],
    fields,
    fieldOrigins: originsFor(fields, ORIGIN.OCR),
    fieldConfidence: confidence,
    pageWords: [words],
    // TIFF pages are read by OCR but cannot be placed into a PDF as they are.
    ...(type ? { ocrImages: [{ bytes, type }] } : {}),
    ...(review.length > 0 ? { review } : {}),
    ...(language ? { language } : {}),
  };
}
