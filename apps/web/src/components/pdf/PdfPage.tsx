import { Classes, Spinner } from '@blueprintjs/core';
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';

export interface PdfPageProps {
  pdf: PDFDocumentProxy;
  /** 1-based page number. */
  pageNumber: number;
  /** CSS pixels per PDF point. */
  scale: number;
  /** Page size at scale 1, used for the placeholder before the page is loaded. */
  estimate: { width: number; height: number };
  /** Accessible label of the canvas, e.g. "Page 2 of 5". */
  label: string;
}

/** Start rendering a page this far before it scrolls into view. */
const LOOKAHEAD = '600px 0px';

function useNearViewport(ref: React.RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: LOOKAHEAD });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/** One page on a canvas, rendered lazily when it comes near the viewport and again when the zoom changes. */
export function PdfPage({ pdf, pageNumber, scale, estimate, label }: PdfPageProps) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const near = useNearViewport(frame);
  const [page, setPage] = useState<PDFPageProxy | null>(null);
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    if (!near) return undefined;
    let live = true;
    void pdf.getPage(pageNumber).then((p) => live && setPage(p));
    return () => {
      live = false;
    };
  }, [near, pdf, pageNumber]);

  useEffect(() => {
    const el = canvas.current;
    if (!page || !el) return undefined;
    const viewport = page.getViewport({ scale });
    const ratio = window.devicePixelRatio || 1;
    el.width = Math.floor(viewport.width * ratio);
    el.height = Math.floor(viewport.height * ratio);
    el.style.width = `${Math.floor(viewport.width)}px`;
    el.style.height = `${Math.floor(viewport.height)}px`;
    setRendered(false);
    let task: RenderTask | null = page.render({ canvas: el, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
    task.promise.then(
      () => setRendered(true),
      () => undefined /* cancelled by a newer zoom or unmount */,
    );
    return () => {
      task?.cancel();
      task = null;
    };
  }, [page, scale]);

  const size = page ? page.getViewport({ scale }) : { width: estimate.width * scale, height: estimate.height * scale };
  return (
    <div ref={frame} className="portal-pdf-page" style={{ width: Math.floor(size.width), height: Math.floor(size.height) }} data-testid={`pdf-page-${pageNumber}`} data-rendered={rendered}>
      <canvas ref={canvas} aria-label={label} role="img" />
      {!rendered ? (
        <div className="portal-pdf-page-loading">
          <Spinner size={24} className={Classes.TEXT_MUTED} />
        </div>
      ) : null}
    </div>
  );
}
