import { ORIGIN, type PageWords } from '@portal/contracts';
import { readImageInfo } from '@portal/document-files';
import { tiffPages, TiffPagesError } from '@portal/document-files';
import { failed, type ExtractContext, type Extracted } from './context';
import { originsFor } from './field-origins';
import { extractFieldsFromText } from './fields/extract-fields';
import { PROBLEMS, problem, type Problem } from './problems';
import { DeadlineExceeded, withDeadline } from './with-deadline';
import { IMAGE_PAGE_WIDTH, ocrPageWords } from './ocr-words';
import { layoutFromWords } from './word-layout';

/** One image page to read: PNG or JPEG bytes as they can go into a PDF, with its pixel size. */
interface ImagePage {
  bytes: Buffer;
  type: 'png' | 'jpeg';
  width: number;
  height: number;
}

/** The pages of an image file: a PNG or JPEG is one page; a TIFF's pages become PNGs (at most `ctx.maxOcrPages` read). */
async function pagesOf(bytes: Buffer, ctx: ExtractContext): Promise<{ pages: ImagePage[]; issue?: Problem } | Problem> {
  const info = readImageInfo(bytes);
  if (!info) return PROBLEMS.imageDamaged;
  if (info.width * info.height > ctx.maxImagePixels)
    return problem.imageTooLarge(Math.round((info.width * info.height) / 1e6), Math.round(ctx.maxImagePixels / 1e6));
  if (info.format !== 'tiff') return { pages: [{ bytes, type: info.format, width: info.width, height: info.height }] };
  try {
    const tiff = await tiffPages(bytes, { maxPages: ctx.maxPages, maxPixels: ctx.maxImagePixels, firstPages: ctx.maxOcrPages });
    const pages = tiff.pages.map((p) => ({ bytes: p.png, type: 'png' as const, width: p.width, height: p.height }));
    return tiff.total > pages.length ? { pages, issue: problem.tooManyOcrPages(tiff.total, pages.length) } : { pages };
  } catch (error) {
    if (!(error instanceof TiffPagesError)) throw error;
    if (error.kind === 'too-large') return problem.imageTooLarge(Math.round(error.count / 1e6), Math.round(ctx.maxImagePixels / 1e6));
    if (error.kind === 'too-many-pages') return problem.tooManyPages(error.count, ctx.maxPages);
    return PROBLEMS.imageDamaged;
  }
}

/** A scanned or photographed invoice (PNG, JPEG, single- or multi-page TIFF): size check from the header, then OCR page by page. */
export async function extractImage(bytes: Buffer, ctx: ExtractContext): Promise<Extracted> {
  const read = await pagesOf(bytes, ctx);
  if ('flag' in read) return failed(read, read === PROBLEMS.imageDamaged ? 0 : 1);
  const texts: string[] = [];
  const pageWords: PageWords[] = [];
  for (const [index, page] of read.pages.entries()) {
    try {
      const ocr = await withDeadline(ctx.ocr.recognize(page.bytes), ctx.deadline);
      texts.push(ocr.text);
      const points = { width: IMAGE_PAGE_WIDTH, height: Math.round(((IMAGE_PAGE_WIDTH * page.height) / page.width) * 100) / 100 };
      pageWords.push(ocrPageWords(index + 1, ocr.words, page, points));
    } catch (err) {
      if (err instanceof DeadlineExceeded) {
        await ctx.ocr.terminate();
        return failed(problem.timeout(ctx.timeoutMs), read.pages.length);
      }
      return failed(PROBLEMS.imageUnreadable, read.pages.length);
    }
  }
  const text = texts.join('\n\n');
  // The field reader reads the recognised words in their columns, as it reads a text layer.
  const { fields, language, confidence, review } = extractFieldsFromText(pageWords.map((p) => layoutFromWords(p.words)).join('\n'), { recognised: true });
  return {
    origin: ORIGIN.OCR,
    text,
    pages: read.pages.length,
    pageOrigins: read.pages.map(() => ORIGIN.OCR),
    fields,
    fieldOrigins: originsFor(fields, ORIGIN.OCR),
    fieldConfidence: confidence,
    pageWords,
    ocrImages: read.pages.map((p) => ({ bytes: p.bytes, type: p.type })),
    ...(read.issue ? { problem: read.issue } : {}),
    ...(review.length > 0 ? { review } : {}),
    ...(language ? { language } : {}),
  };
}
