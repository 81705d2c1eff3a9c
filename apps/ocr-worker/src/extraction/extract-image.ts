import { ORIGIN } from '@portal/contracts';
import { failed, type ExtractContext, type Extracted } from './context';
import { originsFor } from './field-origins';
import { extractFieldsFromText } from './fields/extract-fields';
import { readImageInfo } from './image-info';
import { PROBLEMS, problem } from './problems';
import { DeadlineExceeded, withDeadline } from './with-deadline';

/** A scanned or photographed invoice: size check from the header, then OCR. */
export async function extractImage(bytes: Buffer, ctx: ExtractContext): Promise<Extracted> {
  const info = readImageInfo(bytes);
  if (!info) return failed(PROBLEMS.imageDamaged);
  const pixels = info.width * info.height;
  if (pixels > ctx.maxImagePixels) {
    return failed(problem.imageTooLarge(Math.round(pixels / 1e6), Math.round(ctx.maxImagePixels / 1e6)), 1);
  }
  let text: string;
  try {
    text = (await withDeadline(ctx.ocr.recognize(bytes), ctx.deadline)).text;
  } catch (err) {
    if (err instanceof DeadlineExceeded) {
      await ctx.ocr.terminate();
      return failed(problem.timeout(ctx.timeoutMs), 1);
    }
    return failed(PROBLEMS.imageUnreadable, 1);
  }
  const { fields, language, confidence, review } = extractFieldsFromText(text);
  return {
    origin: ORIGIN.OCR,
    text,
    pages: 1,
    pageOrigins: [ORIGIN.OCR],
    fields,
    fieldOrigins: originsFor(fields, ORIGIN.OCR),
    fieldConfidence: confidence,
    ...(review.length > 0 ? { review } : {}),
    ...(language ? { language } : {}),
  };
}
