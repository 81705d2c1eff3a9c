import type { PDFDocumentProxy } from 'pdfjs-dist';

/** Rendered thumbnails kept for the session (object URLs of small JPEGs), keyed by file, page and size. */
const cache = new Map<string, Promise<string>>();
const MAX_ENTRIES = 600;

async function render(pdf: PDFDocumentProxy, page: number, width: number): Promise<string> {
  const p = await pdf.getPage(page + 1);
  const base = p.getViewport({ scale: 1 });
  const ratio = typeof window === 'undefined' ? 1 : Math.min(2, window.devicePixelRatio || 1);
  const viewport = p.getViewport({ scale: (width * ratio) / Math.max(base.width, base.height) });
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.floor(viewport.width));
  canvas.height = Math.max(1, Math.floor(viewport.height));
  await p.render({ canvas, viewport }).promise;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.82));
  if (!blob) throw new Error('The page could not be rendered.');
  return URL.createObjectURL(blob);
}

/**
 * A page's thumbnail, rendered once with pdf.js (the page's own rotation included; the editor's turn is a
 * CSS rotation on top) and reused by every view of the same file page.
 */
export function thumbnail(file: string, pdf: PDFDocumentProxy, page: number, width: number): Promise<string> {
  const key = `${file}:${page}:${width}`;
  let url = cache.get(key);
  if (!url) {
    if (cache.size >= MAX_ENTRIES) {
      const [oldest, value] = cache.entries().next().value as [string, Promise<string>];
      cache.delete(oldest);
      void value.then((u) => URL.revokeObjectURL(u)).catch(() => undefined);
    }
    url = render(pdf, page, width);
    url.catch(() => cache.delete(key));
    cache.set(key, url);
  }
  return url;
}
