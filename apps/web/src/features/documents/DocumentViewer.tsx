import { Callout, Spinner } from '@blueprintjs/core';
import type { DocumentRecord } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfViewer } from '../../components/pdf';
import type { EInvoiceFocus } from '../einvoices/EInvoiceFocus';
import { InvoicePage } from './InvoicePage';
import { useDocumentFile, useObjectUrl } from './use-document-file';
import { useErrorText } from '../../i18n/use-error-text';

const isXml = (mediaType: string) => /xml/.test(mediaType);

/** Draws over a page: page number and CSS pixels per PDF point (the labeling tool). */
export type PageOverlay = (pageNumber: number, scale: number) => React.ReactNode;

/** An image document (PNG, JPEG) at the pane's width, with the overlay scaled to it (pointsWide: the page's width in points). */
export function ImageView({
  bytes,
  mediaType,
  title,
  overlay,
  pointsWide,
}: {
  bytes: Uint8Array;
  mediaType: string;
  title: string;
  overlay?: PageOverlay;
  pointsWide?: number;
}) {
  const { t } = useTranslation();
  const url = useObjectUrl(bytes, mediaType);
  const image = useRef<HTMLImageElement>(null);
  const [shownWidth, setShownWidth] = useState(0);
  useEffect(() => {
    const el = image.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setShownWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [url]);
  if (!url) return <Spinner />;
  return (
    <div className="portal-image-view">
      <div className="portal-image-frame">
        <img
          ref={image}
          src={url}
          alt={t('documents.single.imageAlt', { title })}
          data-testid="document-image"
          onLoad={(e) => setShownWidth(e.currentTarget.clientWidth)}
        />
        {overlay && pointsWide && shownWidth > 0 ? overlay(1, shownWidth / pointsWide) : null}
      </div>
    </div>
  );
}

/** The document itself: PDF pages (pdf.js), an image, or an e-invoice XML as a readable invoice page. */
export function DocumentViewer({
  record,
  locale,
  overlay,
  imagePointsWide,
  einvoiceFocus,
}: {
  record: DocumentRecord;
  locale: string;
  overlay?: PageOverlay;
  imagePointsWide?: number;
  einvoiceFocus?: EInvoiceFocus;
}) {
  const errorOf = useErrorText();
  const xml = isXml(record.media_type);
  const { file, error } = useDocumentFile(xml ? null : record.id, record.sha256);
  if (xml) return <InvoicePage record={record} locale={locale} focus={einvoiceFocus} />;
  if (error)
    return (
      <Callout intent="danger" icon="error">
        {errorOf(error)}
      </Callout>
    );
  if (!file) return <Spinner className="portal-viewer-loading" />;
  // Browsers cannot show TIFF; pdf.js cannot either: those fall back to the download.
  if (record.media_type === 'application/pdf') return <PdfViewer data={file.bytes} overlay={overlay} />;
  return <ImageView bytes={file.bytes} mediaType={record.media_type} title={record.title} overlay={overlay} pointsWide={imagePointsWide} />;
}
