import { Button, ButtonGroup, Callout, Classes, Spinner } from '@blueprintjs/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../api/error-text';
import { useWidth } from './hooks';
import { openPdf } from './pdfjs';
import { PdfPage } from './PdfPage';
import { FIT_WIDTH, nextZoom, type Zoom } from './zoom';
import './pdf.css';
import '../screen-icons';

export interface PdfViewerProps {
  /** The PDF file's bytes (fetch them with the bearer token; see fetchDocumentFile). */
  data: Uint8Array | ArrayBuffer;
  /** Initial zoom: a factor (1 = 100 %) or 'fit' for the container width. Default 'fit'. */
  initialZoom?: Zoom;
  className?: string;
  /** Called once the document is open, with its page count. */
  onLoaded?: (pages: number) => void;
  /** Drawn over each page (e.g. the labeling tool's boxes), sized to the page at the current scale. */
  overlay?: (pageNumber: number, scale: number) => React.ReactNode;
}

interface PageSize {
  width: number;
  height: number;
}

/**
 * A PDF rendered with pdf.js: every page on a canvas, rendered lazily as it scrolls near the viewport,
 * with zoom (out, in, fit width). Reusable by any screen that shows a document.
 */
export function PdfViewer({ data, initialZoom = FIT_WIDTH, className, onLoaded, overlay }: PdfViewerProps) {
  const { t, i18n } = useTranslation();
  const pagesRef = useRef<HTMLDivElement>(null);
  const width = useWidth(pagesRef);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [first, setFirst] = useState<PageSize | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [zoom, setZoom] = useState<Zoom>(initialZoom);

  useEffect(() => {
    let live = true;
    let opened: PDFDocumentProxy | null = null;
    setPdf(null);
    setError(null);
    openPdf(data)
      .then(async (doc) => {
        opened = doc;
        const page = await doc.getPage(1);
        const { width: w, height: h } = page.getViewport({ scale: 1 });
        if (!live) return;
        setFirst({ width: w, height: h });
        setPdf(doc);
        onLoaded?.(doc.numPages);
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
      void opened?.destroy();
    };
    // onLoaded is a notification; a new callback does not reopen the file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  if (error) {
    return (
      <Callout intent="danger" icon="error" title={t('documents.pdf.failed')} data-testid="pdf-error">
        {problemText(error, null, t, i18n.language)}
      </Callout>
    );
  }

  const fitScale = first && width > 0 ? Math.max(0.25, (width - 32) / first.width) : 1;
  const scale = zoom === FIT_WIDTH ? fitScale : zoom;
  return (
    <div className={['portal-pdf', className].filter(Boolean).join(' ')} data-testid="pdf-viewer">
      <div className="portal-pdf-bar">
        <ButtonGroup variant="minimal">
          <Button
            icon="zoom-out"
            aria-label={t('documents.pdf.zoomOut')}
            title={t('documents.pdf.zoomOut')}
            onClick={() => setZoom(nextZoom(scale, -1))}
            disabled={!pdf}
            data-testid="pdf-zoom-out"
          />
          <Button text={`${Math.round(scale * 100)} %`} disabled className="portal-pdf-zoom" data-testid="pdf-zoom" />
          <Button
            icon="zoom-in"
            aria-label={t('documents.pdf.zoomIn')}
            title={t('documents.pdf.zoomIn')}
            onClick={() => setZoom(nextZoom(scale, 1))}
            disabled={!pdf}
            data-testid="pdf-zoom-in"
          />
          <Button
            icon="zoom-to-fit"
            aria-label={t('documents.pdf.fitWidth')}
            title={t('documents.pdf.fitWidth')}
            onClick={() => setZoom(FIT_WIDTH)}
            disabled={!pdf}
            active={zoom === FIT_WIDTH}
          />
        </ButtonGroup>
        {pdf ? <span className={Classes.TEXT_MUTED}>{t('documents.pdf.pages', { count: pdf.numPages })}</span> : null}
      </div>
      <div className="portal-pdf-pages" ref={pagesRef}>
        {pdf && first ? (
          Array.from({ length: pdf.numPages }, (_, i) => (
            <PdfPage
              key={i + 1}
              pdf={pdf}
              pageNumber={i + 1}
              scale={scale}
              estimate={first}
              label={t('documents.pdf.pageOf', { page: i + 1, count: pdf.numPages })}
            >
              {overlay?.(i + 1, scale)}
            </PdfPage>
          ))
        ) : (
          <Spinner className="portal-pdf-loading" />
        )}
      </div>
    </div>
  );
}
