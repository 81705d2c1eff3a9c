import { ORIGIN, type OriginCode } from '@portal/contracts';
import { failed, type ExtractContext, type Extracted } from './context';
import { findEInvoiceAttachment } from './einvoice/find-attachment';
import { parseEInvoice, type EInvoice } from './einvoice/parse-einvoice';
import { mergeFields, originsFor } from './field-origins';
import { extractFieldsFromText } from './fields/extract-fields';
import { detectLanguage } from './fields/language';
import { readPdf, type PdfReadResult } from './pdf/read-pdf';
import { PROBLEMS, problem, type Problem } from './problems';
import { DeadlineExceeded, withDeadline } from './with-deadline';

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

function embeddedInvoice(attachments: Extract<PdfReadResult, { ok: true }>['attachments']): { invoice: EInvoice; filename: string } | undefined {
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
  if (read.pages.length > 0 && read.pages.every((p) => p.renderError !== undefined)) return failed(PROBLEMS.pdfNoPages, read.pageCount);

  let issue: Problem | undefined = read.pageCount > ctx.maxPages ? problem.tooManyPages(read.pageCount, ctx.maxPages) : undefined;
  const imageOnly = read.pages.filter((p) => p.text.replace(/\s/g, '').length < MIN_TEXT_CHARS).length;
  if (imageOnly > ctx.maxOcrPages) issue ??= problem.tooManyOcrPages(imageOnly, ctx.maxOcrPages);

  const texts: string[] = [];
  const pageOrigins: OriginCode[] = [];
  let timedOut = false;
  for (const [index, page] of read.pages.entries()) {
    if (!page.png || timedOut) {
      texts.push(page.text);
      pageOrigins.push(ORIGIN.PDF_Parse);
      continue;
    }
    pageOrigins.push(ORIGIN.OCR);
    try {
      texts.push((await withDeadline(ctx.ocr.recognize(page.png), ctx.deadline)).text);
    } catch (err) {
      texts.push(page.text);
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
  const textLayer = extractFieldsFromText(texts.filter((_, i) => pageOrigins[i] === ORIGIN.PDF_Parse).join('\n'));
  const full = extractFieldsFromText(texts.join('\n'));
  let merged = mergeFields(
    { fields: textLayer.fields, origins: originsFor(textLayer.fields, ORIGIN.PDF_Parse) },
    { fields: full.fields, origins: originsFor(full.fields, ORIGIN.OCR) },
  );
  const embedded = embeddedInvoice(read.attachments);
  if (embedded) {
    merged = mergeFields({ fields: embedded.invoice.fields, origins: originsFor(embedded.invoice.fields, ORIGIN.EInvoice_XML) }, merged);
  }

  const text = texts.join('\n\n');
  const language = detectLanguage(text);
  return {
    origin: embedded ? ORIGIN.EInvoice_XML : pageOrigins.includes(ORIGIN.OCR) ? ORIGIN.OCR : ORIGIN.PDF_Parse,
    text,
    pages: read.pageCount,
    pageOrigins,
    fields: merged.fields,
    fieldOrigins: merged.origins,
    ...(embedded
      ? {
          einvoice: {
            syntax: embedded.invoice.syntax,
            source: 'pdf-attachment' as const,
            attachment: embedded.filename,
            ...(embedded.invoice.profile ? { profile: embedded.invoice.profile } : {}),
          },
        }
      : {}),
    ...(language ? { language } : {}),
    ...(issue ? { problem: issue } : {}),
  };
}
