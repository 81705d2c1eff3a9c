import { Button, Callout, Card, Classes, H5 } from '@blueprintjs/core';
import type { DocumentAsOf } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { downloadOriginal } from '../../api/file-download';
import { useStores } from '../../app/stores-context';
import { valuesOf } from '../booking-form/booking-values';
import { BookingFieldsForm } from '../booking-form/BookingFieldsForm';
import { StatusTags } from '../booking-form/StatusTags';
import { ChainStatusTag } from './ChainStatusTag';

export interface AsOfViewProps {
  asOf: DocumentAsOf;
  locale: string;
  formatTime: (iso: string) => string;
  /** A point of the timeline in words, for where a broken chain broke. */
  timeOf: (revision: number) => string | null;
  onClose: () => void;
}

/** The document's file, fields and flags as they stood after one event: which file (an earlier one after the editor changed its pages, downloadable), and the work form, read-only. */
export function AsOfView({ asOf, locale, formatTime, timeOf, onClose }: AsOfViewProps) {
  const { t } = useTranslation();
  const { client, ui } = useStores();
  const doc = asOf.document;
  return (
    <Card className="portal-as-of" data-testid="audit-as-of" data-revision={asOf.revision}>
      <div className="portal-as-of-head">
        <H5>{t('invoices.audit.asOfTitle', { time: formatTime(asOf.time) })}</H5>
        {doc ? <StatusTags flags={doc.flags} deleted={doc.deleted} showOpen /> : null}
        <ChainStatusTag chain={asOf.chain} timeOf={timeOf} compact />
        <Button
          variant="minimal"
          icon="cross"
          aria-label={t('invoices.audit.close')}
          title={t('invoices.audit.close')}
          onClick={onClose}
          data-testid="audit-as-of-close"
        />
      </div>
      {doc ? (
        <dl className={`portal-as-of-file ${Classes.TEXT_SMALL}`} data-testid="audit-as-of-file">
          <dt className={Classes.TEXT_MUTED}>{t('invoices.audit.file')}</dt>
          <dd>{doc.file_name}</dd>
          <dt className={Classes.TEXT_MUTED}>{t('invoices.audit.filePages')}</dt>
          <dd data-testid="audit-as-of-pages">{doc.pages ?? '–'}</dd>
          <dt className={Classes.TEXT_MUTED}>{t('invoices.audit.sha256')}</dt>
          <dd className="portal-as-of-sha" title={doc.sha256} data-testid="audit-as-of-sha256">
            {doc.sha256}
          </dd>
          <dd className="portal-as-of-download">
            <Button
              size="small"
              variant="minimal"
              icon="download"
              text={t('invoices.audit.downloadFile')}
              onClick={() => void downloadOriginal(asOf.documentId, doc.file_name, client.storage.get(), doc.sha256).catch(ui.error)}
              data-testid="audit-as-of-download"
            />
          </dd>
        </dl>
      ) : null}
      {doc ? (
        <BookingFieldsForm
          values={valuesOf(doc)}
          origins={doc.booking_origins ?? {}}
          issues={[]}
          readOnly
          locale={locale}
          idPrefix={`as-of-${asOf.revision}`}
        />
      ) : (
        <Callout intent="warning">{t('invoices.audit.purged')}</Callout>
      )}
    </Card>
  );
}
