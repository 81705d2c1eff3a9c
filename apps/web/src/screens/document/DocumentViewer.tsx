import { Callout, Spinner } from '@blueprintjs/core';
import type { DocumentRecord } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { PdfViewer } from '../../components/pdf';
import { InvoicePage } from './InvoicePage';
import { useDocumentFile, useObjectUrl } from './use-document-file';
import { useErrorText } from '../../i18n/use-error-text';

const isXml = (mediaType: string) => /xml/.test(mediaType);

function ImageView({ bytes, mediaType, title }: { bytes: Uint8Array; mediaType: string; title: string }) {
  const { t } = useTranslation();
  const url = useObjectUrl(bytes, mediaType);
  if (!url) return <Spinner />;
  return (
    <div className="portal-image-view">
      <img src={url} alt={t('documents.single.imageAlt', { title })} data-testid="document-image" />
    </div>
  );
}

/** The document itself: PDF pages (pdf.js), an image, or an e-invoice XML as a readable invoice page. */
export function DocumentViewer({ record, locale }: { record: DocumentRecord; locale: string }) {
  const errorOf = useErrorText();
  const xml = isXml(record.media_type);
  const { file, error } = useDocumentFile(xml ? null : record.id);
  if (xml) return <InvoicePage record={record} locale={locale} />;
  if (error) return <Callout intent="danger" icon="error">{errorOf(error)}</Callout>;
  if (!file) return <Spinner className="portal-viewer-loading" />;
  // Browsers cannot show TIFF; pdf.js cannot either: those fall back to the download.
  if (record.media_type === 'application/pdf') return <PdfViewer data={file.bytes} />;
  return <ImageView bytes={file.bytes} mediaType={record.media_type} title={record.title} />;
}
