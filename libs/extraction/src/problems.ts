import type { ExtractionResult } from '@portal/contracts';

export type Problem = NonNullable<ExtractionResult['problem']>;

/** Human reasons shown with a flagged document; Broken = unreadable file, BadRendering = read only in part. */
export const PROBLEMS = {
  pdfDamaged: { flag: 'Broken', reason: 'The PDF file is damaged and cannot be read.' },
  pdfPassword: { flag: 'Broken', reason: 'The PDF is password-protected.' },
  notPdf: { flag: 'Broken', reason: 'The file is not a PDF document.' },
  pdfMemory: { flag: 'BadRendering', reason: 'The PDF is too large or too complex to read.' },
  pdfNoPages: { flag: 'BadRendering', reason: 'No page of the PDF could be read.' },
  imageDamaged: { flag: 'Broken', reason: 'The image file is damaged or not a PNG, JPEG or TIFF image.' },
  imageUnreadable: { flag: 'BadRendering', reason: 'The image could not be read by text recognition.' },
  xmlDamaged: { flag: 'Broken', reason: 'The XML file is damaged and cannot be read.' },
  xmlNotInvoice: { flag: 'Broken', reason: 'The XML file is not an XRechnung, ZUGFeRD or Factur-X invoice.' },
} as const satisfies Record<string, Problem>;

export const problem = {
  pdfCrashed: (detail: string): Problem => ({ flag: 'Broken', reason: `The PDF file could not be read (${detail}).` }),
  timeout: (ms: number): Problem => ({
    flag: 'BadRendering',
    reason: `Reading the document took longer than ${ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`} and was stopped.`,
  }),
  tooManyPages: (pages: number, read: number): Problem => ({
    flag: 'BadRendering',
    reason: `The PDF has ${pages} pages; only the first ${read} were read.`,
  }),
  tooManyOcrPages: (needed: number, done: number): Problem => ({
    flag: 'BadRendering',
    reason: `${needed} pages are images without text; only the first ${done} were recognised.`,
  }),
  ocrFailed: (page: number): Problem => ({ flag: 'BadRendering', reason: `Text recognition failed on page ${page}.` }),
  imageTooLarge: (megapixels: number, max: number): Problem => ({
    flag: 'BadRendering',
    reason: `The image is too large to read (${megapixels} megapixels; at most ${max}).`,
  }),
};
