import { Classes, Spinner } from '@blueprintjs/core';
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { renderOnCanvas, useNearViewport } from './hooks';

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
  /** Drawn over the page (absolutely positioned by the caller). */
  children?: React.ReactNode;
}

/** One page on a canvas, rendered lazily when it comes near the viewport and again when the zoom changes. */
export function PdfPage({ pdf, pageNumber, scale, estimate, label, children }: PdfPageProps) {
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
    setRendered(false);
    let task: RenderTask | null = renderOnCanvas(page, el, page.getViewport({ scale }));
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
    <div
      ref={frame}
      className="portal-pdf-page"
      style={{ width: Math.floor(size.width), height: Math.floor(size.height) }}
      data-testid={`pdf-page-${pageNumber}`}
      data-rendered={rendered}
    >
      <canvas ref={canvas} aria-label={label} role="img" />
      {!rendered ? (
        <div className="portal-pdf-page-loading">
          <Spinner size={24} className={Classes.TEXT_MUTED} />
        </div>
      ) : null}
      {children}
    </div>
  );
}
