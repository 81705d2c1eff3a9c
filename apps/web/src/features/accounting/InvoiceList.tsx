import { Callout, Classes, HTMLSelect, Menu, MenuItem, NonIdealState } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { StatusTags } from '../../components/booking-form/StatusTags';
import { RowsSkeleton } from '../../components/feedback/RowsSkeleton';
import { formatAmount, formatDate } from '../../i18n/format';
import type { InvoiceWorkStore } from './InvoiceWorkStore';
import type { InvoiceType } from './invoice-route';
import { INVOICE_TYPES } from './invoice-route';
import { useErrorText } from '../../i18n/use-error-text';
import { ValidityTag } from '../einvoices/ValidityTag';

export interface InvoiceListProps {
  work: InvoiceWorkStore;
  locale: string;
  onSelect: (id: number) => void;
  onType: (type: InvoiceType) => void;
}

const money = (value: number | null, currency: string | null, locale: string) =>
  formatAmount(value, currency && /^[A-Z]{3}$/.test(currency) ? currency : 'EUR', locale);

/** The list of the chosen type beside the detail; selecting a row opens that invoice. */
export const InvoiceList = observer(function InvoiceList({ work, locale, onSelect, onType }: InvoiceListProps) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const { list } = work;
  return (
    <nav className="portal-invoice-list" aria-label={t('invoices.list.label')} data-testid="invoice-list">
      <div className="portal-invoice-list-head">
        <HTMLSelect
          value={work.type}
          onChange={(e) => onType(e.currentTarget.value as InvoiceType)}
          options={(Object.keys(INVOICE_TYPES) as InvoiceType[]).map((type) => ({ value: type, label: t(`invoices.types.${type}`) }))}
          fill
          aria-label={t('invoices.list.label')}
          data-testid="invoice-type"
        />
        <div
          className={[Classes.TEXT_MUTED, Classes.TEXT_SMALL, list.rows.loaded ? '' : Classes.SKELETON].join(' ')}
          data-testid="invoice-count"
          aria-busy={!list.rows.loaded}
        >
          {!list.rows.loaded
            ? t('invoices.list.loading')
            : list.rows.items.length < list.rows.total
              ? t('invoices.list.shownOf', { shown: list.rows.items.length, total: list.rows.total })
              : t('invoices.list.count', { count: list.rows.total })}
        </div>
      </div>
      {list.rows.error ? <Callout intent="danger">{t('invoices.errors.listFailed', { message: errorOf(list.rows.error) })}</Callout> : null}
      {!list.rows.loaded && !list.rows.error ? <RowsSkeleton label={t('invoices.list.loading')} testId="invoice-list-skeleton" rows={6} /> : null}
      {list.rows.loaded && list.rows.items.length === 0 ? <NonIdealState icon="inbox" title={t('invoices.list.empty')} /> : null}
      <Menu className="portal-invoice-rows">
        {list.rows.items.map((row) => (
          <MenuItem
            key={row.id}
            active={row.id === list.selectedId}
            onClick={(e) => {
              e.preventDefault();
              onSelect(row.id);
            }}
            href={`#${row.id}`}
            multiline
            data-testid={`invoice-row-${row.id}`}
            text={
              <div className="portal-invoice-row">
                <div className="portal-invoice-row-title">{row.title}</div>
                <div className="portal-invoice-row-meta">
                  <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>
                    {row.biller_name ??
                      (row.extraction === 'pending' ? t('invoices.list.extracting') : row.extraction === 'failed' ? t('invoices.list.failed') : '')}
                  </span>
                  <span className="portal-invoice-row-amount">{money(row.gross_amount, row.currency, locale)}</span>
                </div>
                <div className="portal-invoice-row-meta portal-invoice-row-state">
                  <span className={Classes.TEXT_MUTED}>{formatDate(row.invoice_date, locale)}</span>
                  <span className="portal-invoice-row-tags">
                    <StatusTags flags={row.flags} minimal />
                    <ValidityTag record={row} />
                  </span>
                </div>
              </div>
            }
          />
        ))}
      </Menu>
    </nav>
  );
});
