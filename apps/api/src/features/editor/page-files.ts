import type { PDFDocument } from '@cantoo/pdf-lib';
import { BadRequest } from '@portal/contracts';
import { EDITOR_MAX_PAGES } from '@portal/domain';
import { readImageInfo, tiffPages, TiffPagesError, type TiffPage } from '@portal/document-files';

/** Largest image page decoded for the editor (an A4 page at 600 dpi is about 35 megapixels). */
export const MAX_PAGE_PIXELS = 50_000_000;
/** A4's long side in PDF points: image pages are scaled to it. */
const A4_LONG_SIDE = 842;

export interface PageFile {
  /** The PDF the pages are read from: the original itself for a PDF, a rendition for images. */
  pdf: Buffer;
  pageCount: number;
}

const damaged = () => BadRequest('The PDF file is damaged and cannot be opened in the document editor.');
const tooManyPages = (n: number) => BadRequest(`The file has ${n} pages; the document editor takes at most ${EDITOR_MAX_PAGES}.`);
const tooLarge = (pixels: number) =>
  BadRequest(`An image page of ${Math.round(pixels / 1e6)} megapixels is larger than the ${MAX_PAGE_PIXELS / 1e6} megapixels the document editor takes.`);

/** An image page of at most A4 size, keeping its aspect ratio. */
function pageSize(width: number, height: number): [number, number] {
  const scale = A4_LONG_SIDE / Math.max(width, height);
  return [width * scale, height * scale];
}

async function tiffPagesInto(bytes: Buffer, pdf: PDFDocument): Promise<void> {
  let pages: TiffPage[];
  try {
    ({ pages } = await tiffPages(bytes, { maxPages: EDITOR_MAX_PAGES, maxPixels: MAX_PAGE_PIXELS }));
  } catch (error) {
    if (!(error instanceof TiffPagesError)) throw error;
    if (error.kind === 'too-many-pages') throw tooManyPages(error.count);
    if (error.kind === 'too-large') throw tooLarge(error.count);
    if (error.kind === 'empty') throw BadRequest('The TIFF file holds no image.');
    throw BadRequest('The TIFF file is damaged and cannot be opened in the document editor.');
  }
  for (const page of pages) {
    const image = await pdf.embedPng(page.png);
    const [w, h] = pageSize(page.width, page.height);
    pdf.addPage([w, h]).drawImage(image, { x: 0, y: 0, width: w, height: h });
  }
}

/**
 * The PDF the editor reads a delivered file's pages from. A PDF is its own page file (opened once to count
 * its pages and refuse damaged or encrypted ones); PNG, JPEG and (multi-page) TIFF become a PDF with one
 * page per image. The original bytes are never changed; the rendition is stored beside them.
 */
export async function pageFileOf(bytes: Buffer, mediaType: string): Promise<PageFile> {
  // Loaded by the editor's first file, not by every start of the api (~190 modules).
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  if (mediaType === 'application/pdf') {
    let pageCount: number;
    try {
      pageCount = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
    } catch (error) {
      if (/encrypt/i.test(String(error))) throw BadRequest('The PDF file is password-protected; the document editor cannot take its pages.');
      throw damaged();
    }
    if (pageCount < 1) throw BadRequest('The PDF file has no pages.');
    if (pageCount > EDITOR_MAX_PAGES) throw tooManyPages(pageCount);
    return { pdf: bytes, pageCount };
  }
  const pdf = await PDFDocument.create({ updateMetadata: false });
  if (mediaType === 'image/tiff') {
    await tiffPagesInto(bytes, pdf);
  } else if (mediaType === 'image/png' || mediaType === 'image/jpeg') {
    const info = readImageInfo(bytes);
    if (!info) throw BadRequest('The image is damaged and cannot be opened in the document editor.');
    if (info.width * info.height > MAX_PAGE_PIXELS) throw tooLarge(info.width * info.height);
    const image = mediaType === 'image/png' ? await pdf.embedPng(bytes).catch(() => null) : await pdf.embedJpg(bytes).catch(() => null);
    if (!image) throw BadRequest('The image is damaged and cannot be opened in the document editor.');
    const [w, h] = pageSize(info.width, info.height);
    pdf.addPage([w, h]).drawImage(image, { x: 0, y: 0, width: w, height: h });
  } else {
    throw BadRequest('The document editor takes PDF, PNG, JPEG and TIFF files; an e-invoice XML has no pages to edit.');
  }
  return { pdf: Buffer.from(await pdf.save()), pageCount: pdf.getPageCount() };
}
