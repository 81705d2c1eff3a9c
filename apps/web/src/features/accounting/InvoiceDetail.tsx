import { Button, Callout, Classes, H4, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditTimeline } from '../../components/audit/AuditTimeline';
import { BookingFieldsForm } from '../../components/booking-form/BookingFieldsForm';
import { StatusTags } from '../../components/booking-form/StatusTags';
import { fieldsToCheck } from '../../components/booking-form/review-fields';
import type { EditableField, FieldValue } from '../../components/booking-form/booking-values';
import { valuesOf } from '../../components/booking-form/booking-values';
import type { InvoiceWorkStore } from './InvoiceWorkStore';
import { ChangeNotices } from './ChangeNotices';
import { CreatePersonDialog } from './CreatePersonDialog';
import { InvoiceActions } from './InvoiceActions';
import { useErrorText } from '../../i18n/use-error-text';
import { LabelPanel } from '../labels/LabelPanel';
import { FindingsPanel } from '../einvoices/FindingsPanel';
import { ValidityTag } from '../einvoices/ValidityTag';

export interface InvoiceDetailProps {
  work: InvoiceWorkStore;
  locale: string;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}

type TabId = 'fields' | 'label' | 'einvoice' | 'history';

/** The open invoice: title, state, actions, change notices, and the fields form or its history. */
export const InvoiceDetail = observer(function InvoiceDetail({ work, locale, onPrevious, onNext }: InvoiceDetailProps) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const [tab, setTab] = useState<TabId>('fields');
  const [creating, setCreating] = useState<string | null>(null);
  const { detail } = work;
  const record = detail.record;
  if (detail.error)
    return (
      <Callout intent="danger" icon="error" data-testid="invoice-error">
        {detail.error.code === 404 ? t('invoices.errors.notFound') : errorOf(detail.error)}
      </Callout>
    );
  if (!record)
    return detail.loading ? <Spinner /> : <NonIdealState icon="document" title={t('invoices.list.noSelection')} description={t('invoices.list.shortcuts')} />;

  const values = detail.form.values!;
  const shownTab: TabId = (tab === 'label' && !work.mayLabel) || (tab === 'einvoice' && !record.einvoice_validation) ? 'fields' : tab;
  const theirValues: Partial<Record<EditableField, FieldValue>> = {};
  if (detail.conflict) {
    const newer = valuesOf(record);
    for (const f of detail.conflict.theirFields) theirValues[f] = newer[f];
  }
  return (
    <section className="portal-invoice-detail" data-testid="invoice-detail" data-id={record.id} data-revision={record.revision}>
      <header className="portal-invoice-head">
        <H4 className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} portal-invoice-title`} title={record.title} data-testid="invoice-title">
          {record.title}
        </H4>
        <StatusTags flags={record.flags} deleted={record.deleted} showOpen />
        <ValidityTag record={record} />
        <span className="portal-invoice-nav">
          <Button
            variant="minimal"
            icon="chevron-up"
            disabled={!onPrevious}
            onClick={onPrevious ?? undefined}
            title={t('invoices.actions.previous')}
            aria-label={t('invoices.actions.previous')}
            data-testid="invoice-previous"
          />
          <Button
            variant="minimal"
            icon="chevron-down"
            disabled={!onNext}
            onClick={onNext ?? undefined}
            title={t('invoices.actions.next')}
            aria-label={t('invoices.actions.next')}
            data-testid="invoice-next"
          />
        </span>
      </header>
      <InvoiceActions work={work} />
      <ChangeNotices detail={detail} />
      {detail.form.blocksConfirm && !record.booked ? (
        <Callout intent="warning" compact icon="issue" data-testid="blocks-confirm">
          {t('invoices.validation.blocksConfirm')}
        </Callout>
      ) : null}
      <Tabs id="invoice-tabs" selectedTabId={shownTab} onChange={(id) => setTab(id as TabId)} renderActiveTabPanelOnly className="portal-invoice-tabs">
        <Tab
          id="fields"
          title={t('invoices.tabs.fields')}
          data-testid="tab-fields"
          panel={
            <BookingFieldsForm
              values={values}
              texts={detail.form.draft}
              origins={record.booking_origins ?? {}}
              issues={detail.form.issues}
              readOnly={!work.canEdit}
              locale={locale}
              onChange={detail.form.setField}
              onBlur={detail.form.settleField}
              options={work.pickerOptions}
              personKind={work.personKind}
              theirValues={theirValues}
              highlight={detail.liveChange?.fields ?? []}
              onCreatePerson={work.mayBook && work.canEdit && work.pickerOptions.supplier_account ? setCreating : undefined}
              toCheck={fieldsToCheck(record)}
            />
          }
        />
        {work.mayLabel ? (
          <Tab
            id="label"
            title={t('labels.title')}
            data-testid="tab-label"
            panel={<LabelPanel record={record} store={work.labels} locale={locale} onChanged={detail.applyOwn} />}
          />
        ) : null}
        {record.einvoice_validation ? (
          <Tab
            id="einvoice"
            title={t('einvoices.findings.title')}
            data-testid="tab-einvoice"
            panel={<FindingsPanel record={record} focus={work.einvoiceFocus} locale={locale} showsInvoice={/xml/.test(record.media_type)} />}
          />
        ) : null}
        <Tab id="history" title={t('invoices.tabs.history')} data-testid="tab-history" panel={<AuditTimeline documentId={record.id} />} />
      </Tabs>
      {work.client !== null && work.accounting !== null ? (
        <CreatePersonDialog
          name={creating}
          kind={work.personKind}
          client={work.client}
          accounting={work.accounting}
          options={work.pickerOptions.supplier_account ?? []}
          onClose={() => setCreating(null)}
          onCreated={(account) => {
            setCreating(null);
            detail.form.setField('supplier_account', account.account);
            detail.form.settleField('supplier_account');
          }}
        />
      ) : null}
    </section>
  );
});
