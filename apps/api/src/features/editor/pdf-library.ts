type PdfLibrary = typeof import('@cantoo/pdf-lib');
let library: Promise<PdfLibrary> | null = null;

/**
 * @cantoo/pdf-lib (~190 modules, a third of a second of CPU) is loaded by the editor's first PDF (assembling,
 * counting pages, the demo scans), not by every start of the api.
 */
export function pdfLibrary(): Promise<PdfLibrary> {
  library ??= import('@cantoo/pdf-lib');
  return library;
}
