import { Button, ButtonGroup, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { REPORT_KINDS, type ReportKind, type VatCountry } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../i18n/format';
import { firmYearMonth } from '../../i18n/firm-calendar';
import type { ReportsStore } from './ReportsStore';
import type { PeriodChoice } from './periods';
import { LocaleDateInput, LocaleDateTimeInput } from '../../components/inputs/LocaleDateInput';

/** Report, period (month, quarter, year, custom), "as of", comparison moment, return country and downloads. */
export const ReportFilters = observer(function ReportFilters({
  store,
  onError,
  locale,
}: {
  store: ReportsStore;
  onError: (e: unknown) => void;
  locale: string;
}) {
  const { t } = useTranslation();
  const p = store.period;
  const setPeriod = (changes: Partial<PeriodChoice>) => {
    const next = { ...p, ...changes };
    // A new month or quarter period starts at the current one.
    if (changes.kind === 'month' || changes.kind === 'quarter')
      next.index = changes.kind === 'month' ? firmYearMonth().month : Math.floor(firmYearMonth().month / 3);
    if (next.kind === 'custom' && (!next.from || !next.to)) Object.assign(next, store.range);
    void store.set({ period: next });
  };
  const years = Array.from({ length: 6 }, (_, i) => firmYearMonth().year - i);
  return (
    <div className="portal-report-filters" data-testid="report-filters">
      <FormGroup label={t('reports.periodKind')} labelFor="report-period-kind" inline={false}>
        <HTMLSelect
          id="report-period-kind"
          value={p.kind}
          onChange={(e) => setPeriod({ kind: e.currentTarget.value as PeriodChoice['kind'] })}
          data-testid="report-period-kind"
        >
          {(['month', 'quarter', 'year', 'custom'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`reports.periods.${k}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {p.kind !== 'custom' ? (
        <FormGroup label={t('reports.year')} labelFor="report-year">
          <HTMLSelect id="report-year" value={p.year} onChange={(e) => setPeriod({ year: Number(e.currentTarget.value) })} data-testid="report-year">
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      ) : null}
      {p.kind === 'month' || p.kind === 'quarter' ? (
        <FormGroup label={t(`reports.${p.kind}`)} labelFor="report-index">
          <HTMLSelect id="report-index" value={p.index} onChange={(e) => setPeriod({ index: Number(e.currentTarget.value) })} data-testid="report-index">
            {Array.from({ length: p.kind === 'month' ? 12 : 4 }, (_, i) => (
              <option key={i} value={i}>
                {p.kind === 'month' ? formatMonth(i + 1, locale) : `Q${i + 1}`}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      ) : null}
      {p.kind === 'custom' ? (
        <>
          <FormGroup label={t('reports.from')} labelFor="report-from">
            <LocaleDateInput id="report-from" value={p.from} onChange={(from) => from && setPeriod({ from })} />
          </FormGroup>
          <FormGroup label={t('reports.to')} labelFor="report-to">
            <LocaleDateInput id="report-to" value={p.to} onChange={(to) => to && setPeriod({ to })} />
          </FormGroup>
        </>
      ) : null}
      <FormGroup label={t('reports.asOf')} labelFor="report-as-of" helperText={t('reports.asOfHint')}>
        <LocaleDateTimeInput
          id="report-as-of"
          value={store.asOf ?? ''}
          onChange={(asOf) => void store.set({ asOf: asOf || null })}
          data-testid="report-as-of"
        />
      </FormGroup>
      <FormGroup label={t('reports.compare')} labelFor="report-compare" helperText={t('reports.asOfHint')}>
        <LocaleDateTimeInput
          id="report-compare"
          value={store.compareAsOf ?? ''}
          onChange={(compareAsOf) => void store.set({ compareAsOf: compareAsOf || null })}
          data-testid="report-compare"
        />
      </FormGroup>
      {store.report === 'vat' ? (
        <FormGroup label={t('reports.country')} labelFor="report-country">
          <HTMLSelect
            id="report-country"
            value={store.country ?? 'auto'}
            onChange={(e) => void store.set({ country: e.currentTarget.value === 'auto' ? null : (e.currentTarget.value as VatCountry) })}
            data-testid="report-country"
          >
            {(['auto', 'AT', 'DE'] as const).map((c) => (
              <option key={c} value={c}>
                {t(`reports.countries.${c}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      ) : null}
      <ButtonGroup className="portal-report-downloads">
        <Button icon="th-derived" text={t('reports.csv')} onClick={() => store.download('csv', locale).catch(onError)} data-testid="report-csv" />
        <Button icon="document" text={t('reports.pdf')} onClick={() => store.download('pdf', locale).catch(onError)} data-testid="report-pdf" />
      </ButtonGroup>
    </div>
  );
});

export const REPORT_TAB_IDS: readonly ReportKind[] = REPORT_KINDS;
