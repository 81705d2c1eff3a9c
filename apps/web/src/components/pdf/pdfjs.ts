import type { PDFDocumentProxy } from 'pdfjs-dist';

type PdfJs = typeof import('pdfjs-dist/build/pdf.mjs');

let loading: Promise<PdfJs> | null = null;

/** pdf.js and its worker, loaded on first use only (a chunk of its own, never in the initial bundle). */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= Promise.all([import('pdfjs-dist/build/pdf.mjs'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  });
  return loading;
}

/** Opens a PDF from its bytes. pdf.js takes ownership of the buffer it is given, so it gets a copy. */
export async function openPdf(bytes: Uint8Array | ArrayBuffer): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfJs();
  const data = bytes instanceof Uint8Array ? bytes.slice() : new Uint8Array(bytes.slice(0));
  return pdfjs.getDocument({ data, isEvalSupported: false }).promise;
}
