import { Card, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import type { Company, FirmOverviewRow } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import { formatAmount, formatDateTime } from '../../i18n/format';
import de from './overview.de.json';
import en from './overview.en.json';
import { OverviewStore } from './OverviewStore';
import { compareRows, SORT_COLUMNS, type SortColumn } from './overview-sort';
import './overview.css';

addFeatureTranslations('firmOverview', { en, de });

interface Line {
  company: Company;
  figures: FirmOverviewRow | undefined;
}

const Row = observer(function Row({ line, locale }: { line: Line; locale: string }) {
  const { t } = useTranslation();
  const { company, figures: f } = line;
  const no = company.company_no;
  const count = (n: number | undefined, testId: string, to: string) => (
    <Link to={to}>
      <Tag round minimal={!n} intent={n ? 'primary' : 'none'} data-testid={testId}>
        {n ?? 0}
      </Tag>
    </Link>
  );
  return (
    <tr data-testid={`overview-row-${no}`}>
      <td className="portal-num">{no}</td>
      <td data-testid={`overview-name-${no}`}>{company.company_name}</td>
      <td>{company.company_place}</td>
      <td className="portal-num">{count(f?.unconfirmed, `overview-unconfirmed-${no}`, `/invoices/${no}/er_u`)}</td>
      <td className="portal-num">{count(f?.unbooked, `overview-unbooked-${no}`, `/invoices/${no}/er`)}</td>
      <td className="portal-num" data-testid={`overview-receivables-${no}`}>
        {f?.overdue_receivables ? <Link to={`/unpaid/${no}/ar`}>{formatAmount(f.overdue_receivables, 'EUR', locale)}</Link> : '–'}
      </td>
      <td className="portal-num" data-testid={`overview-payables-${no}`}>
        {f?.overdue_payables ? <Link to={`/unpaid/${no}/er`}>{formatAmount(f.overdue_payables, 'EUR', locale)}</Link> : '–'}
      </td>
      <td className="portal-num">
        <Link to={`/documents/${no}?tab=Latest&einvoice=invalid`}>
          <Tag round minimal={!f?.invalid_einvoices} intent={f?.invalid_einvoices ? 'danger' : 'none'} data-testid={`overview-invalid-einvoices-${no}`}>
            {f?.invalid_einvoices ?? 0}
          </Tag>
        </Link>
      </td>
      <td>{f?.last_upload ? formatDateTime(f.last_upload, locale) : '–'}</td>
      <td>
        {f?.last_export ? (
          <>
            {formatDateTime(f.last_export, locale)}{' '}
            <Tag
              minimal
              data-testid={`overview-export-state-${no}`}
              data-state={f.last_export_status ?? 'done'}
              intent={
                f.last_export_status === 'failed'
                  ? 'danger'
                  : f.last_export_status === 'partial'
                    ? 'warning'
                    : f.last_export_status === 'done'
                      ? 'success'
                      : 'primary'
              }
            >
              {t(`firmOverview.states.${f.last_export_status ?? 'done'}`)}
            </Tag>
          </>
        ) : (
          '–'
        )}
      </td>
      <td data-testid={`overview-responsible-${no}`}>{f?.responsible_name ?? <span className="portal-muted">{t('firmOverview.nobody')}</span>}</td>
      <td className="portal-links">
        <Link to={`/invoices/${no}`}>{t('overview.invoicesLink')}</Link>
        <Link to={`/documents/${no}`}>{t('overview.documentsLink')}</Link>
      </td>
    </tr>
  );
});

/** /overview (ove): per client company the figures a partner scans every morning, sortable, filterable, live, with totals. */
const OverviewScreen = observer(function OverviewScreen() {
  const root = useStores();
  const { company, ui } = root;
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [responsible, setResponsible] = useState('');
  const [sort, setSort] = useState<{ column: SortColumn; direction: 1 | -1 }>({ column: 'company_no', direction: 1 });
  const [store] = useState(() => new OverviewStore(root));
  useEffect(() => store.activate(), [store]);
  const people = [
    ...new Map([...store.figures.values()].filter((f) => f.responsible_id).map((f) => [f.responsible_id!, f.responsible_name ?? ''])).entries(),
  ].sort((a, b) => a[1].localeCompare(b[1]));
  const lines: Line[] = company
    .filter(filter)
    .map((c) => ({ company: c, figures: store.figures.get(c.company_no) }))
    .filter((l) => !responsible || l.figures?.responsible_id === responsible)
    .sort((a, b) => compareRows(a, b, sort.column) * sort.direction);
  const total = company.companies.size;
  const sum = (pick: (f: FirmOverviewRow) => number) => lines.reduce((s, l) => s + (l.figures ? pick(l.figures) : 0), 0);
  const header = (column: SortColumn, label: string, numeric = false) => (
    <th className={numeric ? 'portal-num' : undefined} aria-sort={sort.column === column ? (sort.direction === 1 ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="portal-sort"
        onClick={() => setSort({ column, direction: sort.column === column ? (-sort.direction as 1 | -1) : 1 })}
        title={t('firmOverview.sortBy', { column: label })}
        data-testid={`overview-sort-${column}`}
      >
        {label}
        {sort.column === column ? (sort.direction === 1 ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
  return (
    <div className="portal-page">
      <div className="portal-page-bar">
        <InputGroup
          leftIcon="filter"
          placeholder={t('overview.filter')}
          value={filter}
          onValueChange={setFilter}
          type="search"
          aria-label={t('overview.filter')}
          data-testid="overview-filter"
          className="portal-filter"
        />
        <HTMLSelect
          value={responsible}
          onChange={(e) => setResponsible(e.currentTarget.value)}
          aria-label={t('firmOverview.responsible')}
          data-testid="overview-responsible-filter"
        >
          <option value="">
            {t('firmOverview.responsible')}: {t('firmOverview.anyResponsible')}
          </option>
          {people.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </HTMLSelect>
        <span className="portal-muted" data-testid="overview-count">
          {t('overview.count', { shown: lines.length, total })}
        </span>
      </div>
      {lines.length === 0 ? (
        <NonIdealState icon="office" title={total === 0 ? t('overview.empty') : t('overview.noMatch')} />
      ) : (
        <Card className="portal-table-card portal-overview-card">
          <HTMLTable striped interactive compact className="portal-table" data-testid="overview-table">
            <thead>
              <tr>
                {header('company_no', t('overview.number'), true)}
                {header('company_name', t('overview.name'))}
                {header('company_place', t('overview.place'))}
                {header('unconfirmed', t('firmOverview.unconfirmed'), true)}
                {header('unbooked', t('firmOverview.unbooked'), true)}
                {header('overdue_receivables', t('firmOverview.overdueReceivables'), true)}
                {header('overdue_payables', t('firmOverview.overduePayables'), true)}
                {header('invalid_einvoices', t('firmOverview.invalidEInvoices'), true)}
                {header('last_upload', t('firmOverview.lastUpload'))}
                {header('last_export', t('firmOverview.lastExport'))}
                {header('responsible_name', t('firmOverview.responsible'))}
                <th />
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <Row key={l.company.company_no} line={l} locale={ui.locale} />
              ))}
            </tbody>
            <tfoot>
              <tr className="portal-totals" data-testid="overview-totals">
                <th colSpan={3}>{t('firmOverview.totals')}</th>
                <td className="portal-num">{sum((f) => f.unconfirmed)}</td>
                <td className="portal-num">{sum((f) => f.unbooked)}</td>
                <td className="portal-num">
                  {formatAmount(
                    sum((f) => f.overdue_receivables),
                    'EUR',
                    ui.locale,
                  )}
                </td>
                <td className="portal-num">
                  {formatAmount(
                    sum((f) => f.overdue_payables),
                    'EUR',
                    ui.locale,
                  )}
                </td>
                <td className="portal-num" data-testid="overview-total-invalid-einvoices">
                  {sum((f) => f.invalid_einvoices)}
                </td>
                <td colSpan={4} />
              </tr>
            </tfoot>
          </HTMLTable>
        </Card>
      )}
    </div>
  );
});

export { SORT_COLUMNS };
export default OverviewScreen;
