import { Button, Callout, Card, H5 } from '@blueprintjs/core';
import type { DocumentAsOf } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { valuesOf } from '../../stores/invoices/booking-values';
import { BookingFieldsForm } from '../booking-form/BookingFieldsForm';
import { StatusTags } from '../booking-form/StatusTags';
import { ChainStatusTag } from './ChainStatusTag';

export interface AsOfViewProps {
  asOf: DocumentAsOf;
  locale: string;
  formatTime: (iso: string) => string;
  onClose: () => void;
}

/** The document's fields and flags as they stood after one event: the work form, read-only. */
export function AsOfView({ asOf, locale, formatTime, onClose }: AsOfViewProps) {
  const { t } = useTranslation();
  const doc = asOf.document;
  return (
    <Card className="portal-as-of" data-testid="audit-as-of" data-revision={asOf.revision}>
      <div className="portal-as-of-head">
        <H5>{t('invoices.audit.asOfTitle', { revision: asOf.revision, time: formatTime(asOf.time) })}</H5>
        {doc ? <StatusTags flags={doc.flags} deleted={doc.deleted} showOpen /> : null}
        <ChainStatusTag chain={asOf.chain} compact />
        <Button variant="minimal" icon="cross" aria-label={t('invoices.audit.close')} title={t('invoices.audit.close')} onClick={onClose} data-testid="audit-as-of-close" />
      </div>
      {doc ? (
        <BookingFieldsForm values={valuesOf(doc)} origins={doc.booking_origins ?? {}} issues={[]} readOnly locale={locale} idPrefix={`as-of-${asOf.revision}`} />
      ) : (
        <Callout intent="warning">{t('invoices.audit.purged')}</Callout>
      )}
    </Card>
  );
}
