import { Card, Classes, H3, NonIdealState, ProgressBar } from '@blueprintjs/core';
import type { QuotaDeadline, QuotaSummary } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { DataTable, type DataColumn } from '../../components/layout';
import { formatDate, formatNumber, formatPercent } from '../../i18n/format';
import type { FonStore } from './FonStore';
import { DeadlineStateTag, WarningTag } from './fon-tags';
import { QuotaChart } from './QuotaChart';

function NextDeadline({ quota, locale }: { quota: QuotaSummary; locale: string }) {
  const { t } = useTranslation();
  const next = quota.next_deadline;
  if (!next) return <p className={Classes.TEXT_MUTED}>{t('fon.quota.allDone')}</p>;
  return (
    <p className="portal-fon-next" data-testid={`fon-next-${quota.tax_office}`}>
      <strong>{t('fon.quota.nextDeadline', { date: formatDate(next.date, locale), target: formatNumber(next.target, locale) })}</strong>
      {' · '}
      {next.days_left === 0 ? t('fon.quota.dueToday') : t('fon.quota.daysLeft', { count: next.days_left })}
      {next.still_needed > 0 ? ` · ${t('fon.quota.stillNeeded', { count: next.still_needed })}` : ''}
      {next.projected_shortfall > 0 ? ` · ${t('fon.quota.projectedShortfall', { count: next.projected_shortfall })}` : ''}
    </p>
  );
}

function DeadlineTable({ quota, locale, business }: { quota: QuotaSummary; locale: string; business?: boolean }) {
  const { t } = useTranslation();
  const columns: DataColumn<QuotaDeadline>[] = [
    // The state beside the date: on a phone the table scrolls sideways, and the state must show without scrolling.
    { id: 'date', header: t('fon.quota.columns.date'), primary: true, render: (d) => formatDate(d.date, locale) },
    { id: 'state', header: t('fon.quota.columns.state'), render: (d) => <DeadlineStateTag state={d.state} /> },
    { id: 'target', header: t('fon.quota.columns.target'), numeric: true, render: (d) => formatPercent(d.target, locale) },
    { id: 'required', header: t('fon.quota.columns.required'), numeric: true, render: (d) => formatNumber(d.required, locale) },
    { id: 'filed', header: t('fon.quota.columns.filed'), numeric: true, render: (d) => formatNumber(d.filed, locale) },
    { id: 'needed', header: t('fon.quota.columns.stillNeeded'), numeric: true, render: (d) => formatNumber(d.still_needed, locale) },
    { id: 'days', header: t('fon.quota.columns.daysLeft'), numeric: true, render: (d) => (d.days_left < 0 ? '–' : formatNumber(d.days_left, locale)) },
    {
      id: 'shortfall',
      header: t('fon.quota.columns.shortfall'),
      numeric: true,
      render: (d) => (d.days_left < 0 ? '–' : formatNumber(d.projected_shortfall, locale)),
    },
  ];
  const rows = business ? quota.business_income.deadlines : quota.deadlines;
  return (
    <DataTable
      label={`${business ? t('fon.quota.business') : t('fon.quota.deadlines')} ${quota.tax_office_name}`}
      rows={rows}
      rowKey={(d) => d.step}
      columns={columns}
      mobile="scroll"
      testId={`fon-deadlines-${business ? 'business-' : ''}${quota.tax_office}`}
      rowTestId={(d) => `fon-deadline-${business ? 'business-' : ''}${quota.tax_office}-${d.step}`}
    />
  );
}

const OfficeCard = observer(function OfficeCard({ quota }: { quota: QuotaSummary }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const locale = ui.locale;
  return (
    <Card className="portal-fon-office" data-testid={`fon-office-${quota.tax_office}`}>
      <div className="portal-fon-office-head">
        <H3 className="portal-fon-office-title">
          {quota.tax_office_name} <span className={Classes.TEXT_MUTED}>({t('fon.quota.office', { code: quota.tax_office })})</span>
        </H3>
        <WarningTag warning={quota.warning} atRiskDate={quota.at_risk_date} locale={locale} testId={`fon-warning-${quota.tax_office}`} />
      </div>
      <div className="portal-fon-office-body">
        <div className="portal-fon-office-main">
          <div className="portal-fon-figure-row">
            <span className="portal-fon-figure" data-testid={`fon-percent-${quota.tax_office}`}>
              {formatPercent(quota.filed_percent, locale)}
            </span>
            <span>
              {t('fon.quota.filed')} · {t('fon.quota.ofBase', { filed: formatNumber(quota.filed, locale), base: formatNumber(quota.base, locale) })}
              {quota.misses > 0 ? ` · ${t('fon.quota.misses', { count: quota.misses })}` : ''}
            </span>
          </div>
          <ProgressBar
            value={quota.base ? quota.filed / quota.base : 0}
            stripes={false}
            animate={false}
            intent={quota.warning === 'none' ? 'primary' : 'warning'}
            aria-label={`${quota.tax_office_name}: ${formatPercent(quota.filed_percent, locale)}`}
          />
          <NextDeadline quota={quota} locale={locale} />
          {/* The one extension matters once the fourth deadline has passed. */}
          {quota.extension_possible && quota.deadlines[3]!.days_left < 0 ? (
            <p className={Classes.TEXT_MUTED}>{t('fon.quota.extension', { date: formatDate(quota.extension_date, locale) })}</p>
          ) : null}
          <QuotaChart quota={quota} locale={locale} dark={ui.darkMode} today={quota.as_of} />
        </div>
        <div className="portal-fon-office-tables">
          <DeadlineTable quota={quota} locale={locale} />
          {quota.business_income.base > 0 ? (
            <>
              <p className="portal-fon-subhead">
                {t('fon.quota.businessShort', {
                  filed: formatNumber(quota.business_income.filed, locale),
                  base: formatNumber(quota.business_income.base, locale),
                })}
              </p>
              <DeadlineTable quota={quota} locale={locale} business />
            </>
          ) : null}
        </div>
      </div>
    </Card>
  );
});

/** The quota per tax office: filed share, warning level, next deadline with days left and shortfall, chart, deadline table. */
export const QuotaTab = observer(function QuotaTab({ store }: { store: FonStore }) {
  const { t } = useTranslation();
  if (store.quota.summaries.length === 0)
    return <NonIdealState icon="timeline-line-chart" title={t('fon.quota.empty', { year: store.taxYear })} description={t('fon.quota.emptyHint')} />;
  return (
    <div className="portal-fon-offices" data-testid="fon-quota">
      {store.quota.summaries.map((q) => (
        <OfficeCard key={q.id} quota={q} />
      ))}
    </div>
  );
});
