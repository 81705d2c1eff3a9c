import { AnchorButton, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import type { DocumentRecord } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentFile } from '../../api/document-files';
import { documentFileUrl, fetchDocumentFile } from '../../api/document-files';
import { useStores } from '../../app/stores-context';
import { PdfViewer } from '../../components/pdf';
import { ImageView, type PageOverlay } from '../documents/DocumentViewer';
import { useErrorText } from '../../i18n/use-error-text';

type FileState = { file: DocumentFile | null; error: Error | null };

/**
 * The invoice's file fetched with the bearer token: a PDF rendered with pdf.js (PdfViewer), a PNG or JPEG as an
 * image; `overlay` draws over each page (the Label mode; `imagePointsWide` scales it on an image).
 */
export function InvoicePdfPane({
  record,
  overlay,
  imagePointsWide,
}: {
  record: Pick<DocumentRecord, 'id' | 'media_type' | 'file_name'> & { title?: string; sha256?: string };
  overlay?: PageOverlay;
  imagePointsWide?: number;
}) {
  const { client } = useStores();
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const [state, setState] = useState<FileState>({ file: null, error: null });
  const id = record.id;
  const sha256 = record.sha256;
  useEffect(() => {
    setState({ file: null, error: null });
    const abort = new AbortController();
    fetchDocumentFile(id, sha256, client.storage.get(), abort.signal).then(
      (file) => setState({ file, error: null }),
      (error: unknown) => !abort.signal.aborted && setState({ file: null, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => abort.abort();
  }, [id, sha256, client]);

  if (state.error)
    return (
      <Callout intent="danger" icon="error">
        {t('invoices.pdf.failed', { message: errorOf(state.error) })}
      </Callout>
    );
  if (!state.file) return <Spinner className="portal-invoice-pdf-loading" aria-label={t('invoices.pdf.loading')} />;
  if (state.file.mediaType.startsWith('application/pdf')) return <PdfViewer key={id} data={state.file.bytes} overlay={overlay} />;
  if (/^image\/(png|jpeg)/.test(state.file.mediaType))
    return (
      <ImageView
        bytes={state.file.bytes}
        mediaType={state.file.mediaType}
        title={record.title ?? record.file_name}
        overlay={overlay}
        pointsWide={imagePointsWide}
      />
    );
  return (
    <NonIdealState
      icon="document"
      title={record.file_name}
      action={
        <AnchorButton icon="download" href={documentFileUrl(id, true)} target="_blank" rel="noopener noreferrer">
          {t('invoices.pdf.download')}
        </AnchorButton>
      }
    />
  );
}
