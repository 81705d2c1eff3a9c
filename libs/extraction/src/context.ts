import type { ExtractionResult } from '@portal/contracts';
import type { OcrEngine } from './ocr-engine';

/** Limits and services for one document. */
export interface ExtractContext {
  ocr: OcrEngine;
  /** Epoch ms after which work stops. */
  deadline: number;
  timeoutMs: number;
  maxPages: number;
  maxOcrPages: number;
  maxImagePixels: number;
  dpi: number;
  maxHeapMb: number;
  embeddedInvoice: boolean;
}

export type Extracted = Omit<ExtractionResult, 'ms'>;

/** A result without content; origin 0 means nothing was extracted (no spec origin code applies). */
export function failed(problem: NonNullable<ExtractionResult['problem']>, pages = 0): Extracted {
  return { origin: 0, text: '', pages, pageOrigins: [], fields: {}, fieldOrigins: {}, problem };
}
