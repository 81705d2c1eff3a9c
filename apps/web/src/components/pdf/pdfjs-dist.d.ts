/** pdf.js ships its types for the package root only; the browser build has the same API. */
declare module 'pdfjs-dist/build/pdf.mjs' {
  export { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
  export type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
}
