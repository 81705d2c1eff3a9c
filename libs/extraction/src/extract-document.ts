import type { ExtractionResult } from '@portal/contracts';
import { failed, type ExtractContext, type Extracted } from './context';
import { extractImage } from './extract-image';
import { extractPdf } from './extract-pdf';
import { extractXml } from './extract-xml';
import { OcrEngine } from './ocr-engine';

export type DocumentMediaType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/tiff' | 'application/xml';

export interface ExtractInput {
  bytes: Buffer;
  mediaType: DocumentMediaType;
}

export interface ExtractOptions {
  /** A long-lived engine to reuse across documents; without one a temporary engine is started and stopped. */
  ocr?: OcrEngine;
  /** Per document; default 120 s. */
  timeoutMs?: number;
  /** Pages read from a PDF; default 200. */
  maxPages?: number;
  /** Image-only PDF pages recognised; default 10. */
  maxOcrPages?: number;
  /** Images above this are refused and PDF pages rendered smaller; default 50 megapixels. */
  maxImagePixels?: number;
  /** Rasterisation resolution for OCR; default 300 dpi. */
  dpi?: number;
  /** Heap limit of the PDF reader thread; default 512 MB. */
  maxHeapMb?: number;
  /** Read a PDF's embedded e-invoice XML (default true); false reads only the page, to measure the page reader. */
  embeddedInvoice?: boolean;
}

/** Text, fields and origins of one uploaded file. Never throws: unreadable files come back with `problem`. */
export async function extractDocument(input: ExtractInput, options: ExtractOptions = {}): Promise<ExtractionResult> {
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? 120_000;
  const ocr = options.ocr ?? new OcrEngine();
  const ctx: ExtractContext = {
    ocr,
    deadline: started + timeoutMs,
    timeoutMs,
    maxPages: options.maxPages ?? 200,
    maxOcrPages: options.maxOcrPages ?? 10,
    maxImagePixels: options.maxImagePixels ?? 50_000_000,
    dpi: options.dpi ?? 300,
    maxHeapMb: options.maxHeapMb ?? 512,
    embeddedInvoice: options.embeddedInvoice ?? true,
  };
  let result: Extracted;
  try {
    switch (input.mediaType) {
      case 'application/pdf':
        result = await extractPdf(input.bytes, ctx);
        break;
      case 'application/xml':
        result = extractXml(input.bytes);
        break;
      default:
        result = await extractImage(input.bytes, ctx);
    }
  } catch (err) {
    result = failed({ flag: 'Broken', reason: `The file could not be read (${err instanceof Error ? err.message : String(err)}).` });
  } finally {
    if (!options.ocr) await ocr.terminate();
  }
  return { ...result, ms: Date.now() - started };
}
