import { EINVOICE_TERMS_VERSION, ORIGIN, type OriginCode } from '@portal/contracts';
import { readPdf, type PdfReadResult } from '@portal/document-files';
import { readImageInfo } from '@portal/document-files';
import type { PageWords } from '@portal/contracts';
import { failed, type ExtractContext, type Extracted } from './context';
import { findEInvoiceAttachment } from './einvoice/find-attachment';
import { parseEInvoice, type EInvoice } from './einvoice/parse-einvoice';
import { mergeFields, originsFor } from './field-origins';
import { extractFieldsFromText } from './fields/extract-fields';
import { detectLanguage } from './fields/language';
import { readEmbeddedFiles } from './pdf/embedded-files';
import { mayHaveAssociatedFiles, pdfStructureIntact } from './pdf/structure';
import { PROBLEMS, problem, type Problem } from './problems';
import { DeadlineExceeded, withDeadline } from './with-deadline';
import { ocrPageWords } from './ocr-words';
import { layoutFromWords } from './word-layout';

const MIN_TEXT_CHARS = 16;

function hasPdfHeader(bytes: Buffer): boolean {
  return bytes.subarray(0, 1024).includes('%PDF-');
}

function readFailure(result: Extract<PdfReadResult, { ok: false }>, ctx: ExtractContext): Problem {
  switch (result.kind) {
    case 'password':
      return PROBLEMS.pdfPassword;
    case 'invalid':
      return PROBLEMS.pdfDamaged;
    case 'timeout':
      return problem.timeout(ctx.timeoutMs);
    case 'memory':
      return PROBLEMS.pdfMemory;
    default:
      return problem.pdfCrashed(result.message);
  }
}

type Embedded = { invoice: EInvoice; filename: string };

/** The e-invoice from the embedded-files name tree pdf.js lists, else from the associated files (`/AF`) the tree may not list. */
async function embeddedInvoiceOf(bytes: Buffer, attachments: Extract<PdfReadResult, { ok: true }>['attachments']): Promise<Embedded | undefined> {
  const named = embeddedInvoice(attachments);
  if (named || !mayHaveAssociatedFiles(bytes)) return named;
  return embeddedInvoice(await readEmbeddedFiles(bytes).catch(() => []));
}

function embeddedInvoice(attachments: Extract<PdfReadResult, { ok: true }>['attachments']): Embedded | undefined {
  const found = findEInvoiceAttachment(attachments);
  if (!found) return undefined;
  try {
    return { invoice: parseEInvoice(found.xml), filename: found.filename };
  } catch {
    return undefined;
  }
}

/** Text layer per page, OCR for pages without one, and an embedded e-invoice whose values win. */
export async function extractPdf(bytes: Buffer, ctx: ExtractContext): Promise<Extracted> {
  if (!hasPdfHeader(bytes)) return failed(PROBLEMS.notPdf);
  const read = await readPdf(bytes, {
    maxPages: ctx.maxPages,
    maxOcrPages: ctx.maxOcrPages,
    minTextChars: MIN_TEXT_CHARS,
    dpi: ctx.dpi,
    maxPixels: ctx.maxImagePixels,
    timeoutMs: Math.max(1, ctx.deadline - Date.now()),
    maxHeapMb: ctx.maxHeapMb,
  });
  if (!read.ok) return failed(readFailure(read, ctx));
  if (read.pages.length > 0 && read.pages.every((p) => p.renderError !== undefined)) {
    return failed(pdfStructureIntact(bytes) ? PROBLEMS.pdfNoPages : PROBLEMS.pdfDamaged, read.pageCount);
  }

  let issue: Problem | undefined = read.pageCount > ctx.maxPages ? problem.tooManyPages(read.pageCount, ctx.maxPages) : undefined;
  const imageOnly = read.pages.filter((p) => p.text.replace(/\s/g, '').length < MIN_TEXT_CHARS).length;
  if (imageOnly > ctx.maxOcrPages) issue ??= problem.tooManyOcrPages(imageOnly, ctx.maxOcrPages);

  const texts: string[] = [];
  // What the field reader reads: the words of the text layer or of OCR with their columns in place.
  const layouts: string[] = [];
  const pageOrigins: OriginCode[] = [];
  const pageWords: PageWords[] = [];
  const ocrImages: NonNullable<Extracted['ocrImages']> = [];
  let timedOut = false;
  // Every image page is queued at once, so the engine's workers read them side by side.
  const recognised = read.pages.map((page) =>
    page.png
      ? withDeadline(ctx.ocr.recognize(page.png, { dpi: ctx.dpi }), ctx.deadline).then(
          (ocr) => ({ ocr }),
          (error: unknown) => ({ error }),
        )
      : undefined,
  );
  for (const [index, page] of read.pages.entries()) {
    const size = { width: page.width ?? 595.28, height: page.height ?? 841.89 };
    pageWords.push({ page: index + 1, ...size, words: page.words ?? [] });
    ocrImages.push(null);
    if (!page.png || timedOut) {
      texts.push(page.text);
      layouts.push(page.words ? layoutFromWords(page.words) : page.text);
      pageOrigins.push(ORIGIN.PDF_Parse);
      continue;
    }
    pageOrigins.push(ORIGIN.OCR);
    try {
      const outcome = (await recognised[index])!;
      if ('error' in outcome) throw outcome.error;
      const { ocr } = outcome;
      texts.push(ocr.text);
      const pixels = readImageInfo(Buffer.from(page.png.buffer, page.png.byteOffset, page.png.byteLength));
      if (pixels) {
        pageWords[index] = ocrPageWords(index + 1, ocr.words, pixels, size);
        ocrImages[index] = { bytes: page.png, type: 'png' };
      }
      layouts.push(pixels ? layoutFromWords(pageWords[index].words) : ocr.text);
    } catch (err) {
      texts.push(page.text);
      layouts.push(page.words ? layoutFromWords(page.words) : page.text);
      if (err instanceof DeadlineExceeded) {
        timedOut = true;
        await ctx.ocr.terminate();
        issue = problem.timeout(ctx.timeoutMs);
      } else {
        issue ??= problem.ocrFailed(index + 1);
      }
    }
  }

  // Fields found in the text layer alone are PDF_Parse; those only OCR added are OCR.
  const textLayer = extractFieldsFromText(layouts.filter((_, i) => pageOrigins[i] === ORIGIN.PDF_Parse).join('\n'));
  const full = extractFieldsFromText(layouts.join('\n'), { recognised: pageOrigins.includes(ORIGIN.OCR) });
  let merged = mergeFields(
    { fields: textLayer.fields, origins: originsFor(textLayer.fields, ORIGIN.PDF_Parse) },
    { fields: full.fields, origins: originsFor(full.fields, ORIGIN.OCR) },
  );
  const embedded = ctx.embeddedInvoice ? await embeddedInvoiceOf(bytes, read.attachments) : undefined;
  // A lenient reader opens a damaged file as empty pages: without any text that is a damaged file, not an empty one.
  if (!embedded && texts.every((t) => t.trim() === '') && !pdfStructureIntact(bytes)) return failed(PROBLEMS.pdfDamaged, read.pageCount);
  if (embedded) {
    merged = mergeFields({ fields: embedded.invoice.fields, origins: originsFor(embedded.invoice.fields, ORIGIN.EInvoice_XML) }, merged);
  }

  // Confidence of the page reading (the text layer's where it read the field), 1 for the e-invoice's values.
  const fieldConfidence = { ...full.confidence, ...textLayer.confidence };
  if (embedded) for (const key of Object.keys(embedded.invoice.fields) as Array<keyof typeof fieldConfidence>) fieldConfidence[key] = 1;
  const review = embedded ? [] : full.review.filter((name) => merged.fields[name] === undefined);
  const text = texts.join('\n\n');
  const language = detectLanguage(text);
  return {
    origin: embedded ? ORIGIN.EInvoice_XML : pageOrigins.includes(ORIGIN.OCR) ? ORIGIN.OCR : ORIGIN.PDF_Parse,
    text,
    pages: read.pageCount,
    pageOrigins,
    fields: merged.fields,
    fieldOrigins: merged.origins,
    fieldConfidence,
    pageWords,
    ...(ocrImages.some((i) => i !== null) ? { ocrImages } : {}),
    ...(review.length > 0 ? { review } : {}),
    ...(embedded
      ? {
          einvoice: {
            syntax: embedded.invoice.syntax,
            source: 'pdf-attachment' as const,
            attachment: embedded.filename,
            ...(embedded.invoice.profile ? { profile: embedded.invoice.profile } : {}),
            terms: embedded.invoice.terms,
            terms_version: EINVOICE_TERMS_VERSION,
          },
        }
      : {}),
    ...(language ? { language } : {}),
    ...(issue ? { problem: issue } : {}),
  };
}
