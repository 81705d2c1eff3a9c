export { readPdf } from './pdf/read-pdf';
export type { PdfAttachment, PdfPage, PdfReadResult, ReadPdfOptions } from './pdf/read-pdf';
export { tiffPages, TiffPagesError } from './tiff-pages';
export type { TiffPage } from './tiff-pages';
export { readImageInfo } from './image-info';
export type { ImageInfo } from './image-info';
export { textPdf } from './pdf/text-pdf';
