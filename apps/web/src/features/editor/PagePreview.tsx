import { Button, ButtonGroup, Callout, Classes, Spinner } from '@blueprintjs/core';
import type { PageRef } from '@portal/contracts';
import type { PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIT_WIDTH, type Zoom } from '../../components/pdf';
import { renderOnCanvas, useWidth } from '../../components/pdf/hooks';
import { nextZoom } from '../../components/pdf/zoom';
import type { PageFiles } from './PageFiles';

export interface PagePreviewProps {
  files: PageFiles;
  page: PageRef | null;
  label: string;
}

/** The focused page large, turned as arranged, with zoom (out, in, fit width). */
export function PagePreview({ files, page, label }: PagePreviewProps) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = useWidth(area);
  const [zoom, setZoom] = useState<Zoom>(FIT_WIDTH);
  const [pdfPage, setPdfPage] = useState<PDFPageProxy | null>(null);
  const [scale, setScale] = useState(1);
  const [error, setError] = useState(false);
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    setPdfPage(null);
    setError(false);
    if (!page) return undefined;
    let live = true;
    files
      .get(page.file)
      .then((pdf) => pdf.getPage(page.page + 1))
      .then(
        (p) => live && setPdfPage(p),
        () => live && setError(true),
      );
    return () => {
      live = false;
    };
  }, [files, page?.file, page?.page, page]);

  useEffect(() => {
    const el = canvas.current;
    if (!pdfPage || !el || !page || width === 0) return undefined;
    const rotation = (pdfPage.rotate + page.rotation) % 360;
    const base = pdfPage.getViewport({ scale: 1, rotation });
    const fit = Math.max(0.2, (width - 24) / base.width);
    const effective = zoom === FIT_WIDTH ? fit : zoom;
    setScale(effective);
    setRendered(false);
    let task: RenderTask | null = renderOnCanvas(pdfPage, el, pdfPage.getViewport({ scale: effective, rotation }));
    task.promise.then(
      () => setRendered(true),
      () => undefined,
    );
    return () => {
      task?.cancel();
      task = null;
    };
  }, [pdfPage, page, page?.rotation, zoom, width]);

  return (
    <div className="portal-editor-preview" data-testid="editor-preview">
      <div className="portal-editor-preview-bar">
        <ButtonGroup variant="minimal">
          <Button
            icon="zoom-out"
            aria-label={t('editor.editor.zoomOut')}
            title={t('editor.editor.zoomOut')}
            onClick={() => setZoom(nextZoom(scale, -1))}
            disabled={!pdfPage}
          />
          <Button text={`${Math.round(scale * 100)} %`} disabled className="portal-pdf-zoom" />
          <Button
            icon="zoom-in"
            aria-label={t('editor.editor.zoomIn')}
            title={t('editor.editor.zoomIn')}
            onClick={() => setZoom(nextZoom(scale, 1))}
            disabled={!pdfPage}
            data-testid="preview-zoom-in"
          />
          <Button
            icon="zoom-to-fit"
            aria-label={t('editor.editor.fitWidth')}
            title={t('editor.editor.fitWidth')}
            onClick={() => setZoom(FIT_WIDTH)}
            active={zoom === FIT_WIDTH}
            disabled={!pdfPage}
          />
        </ButtonGroup>
        <span className={Classes.TEXT_MUTED}>{label}</span>
      </div>
      {/* Focusable and named: a zoomed page is scrolled with the keyboard too (WCAG scrollable-region-focusable). */}
      <div className="portal-editor-preview-area" ref={area} tabIndex={0} role="region" aria-label={t('editor.editor.preview')}>
        {error ? (
          <Callout intent="danger" icon="error">
            {t('editor.editor.pageFailed')}
          </Callout>
        ) : (
          <>
            <canvas ref={canvas} role="img" aria-label={label} data-rendered={rendered} data-testid="preview-canvas" />
            {!rendered ? <Spinner className="portal-editor-preview-spinner" /> : null}
          </>
        )}
      </div>
    </div>
  );
}
