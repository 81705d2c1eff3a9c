import { NonIdealState } from '@blueprintjs/core';
import type { BankBalanceSeries } from '@portal/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '../../i18n/format';
import { chartInk, useUPlot } from '../../components/charts/use-uplot';

interface Props {
  series: BankBalanceSeries | null;
  label: string;
  locale: string;
  dark: boolean;
}

const epoch = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** The balance over time of one account: a stepped line (uPlot, loaded with the banking screen). */
export function BalanceChart({ series, label, locale, dark }: Props) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);

  const drawable = series && series.points.length >= 2 ? series : null;
  useUPlot(
    host,
    180,
    drawable &&
      ((UPlot) => {
        const { ink, grid } = chartInk(dark);
        const line = dark ? '#8abbff' : '#2d72d2';
        const money = (v: number) => formatAmount(v / 100, drawable.currency, locale);
        return {
          options: {
            legend: { show: false },
            cursor: { drag: { x: false, y: false } },
            scales: { x: { time: true } },
            axes: [
              {
                stroke: ink,
                grid: { stroke: grid },
                space: 110,
                values: (_u, ticks) => ticks.map((s) => formatDate(new Date(s * 1000).toISOString().slice(0, 10), locale)),
              },
              { stroke: ink, grid: { stroke: grid }, size: 90, values: (_u, ticks) => ticks.map(money) },
            ],
            series: [
              {},
              { label, stroke: line, width: 2, fill: dark ? 'rgba(138,187,255,0.12)' : 'rgba(45,114,210,0.10)', paths: UPlot.paths.stepped?.({ align: 1 }) },
            ],
          },
          data: [drawable.points.map((p) => epoch(p.date)), drawable.points.map((p) => p.balance_cents)],
        };
      }),
    [series, label, locale, dark],
  );

  const only = series?.points.length === 1 ? series.points[0]! : null;
  if (series && only)
    return (
      <NonIdealState
        icon="timeline-line-chart"
        description={t('banking.accounts.chartOneDay', {
          date: formatDate(only.date, locale),
          amount: formatAmount(only.balance_cents / 100, series.currency, locale),
        })}
        className="portal-banking-chart-empty"
      />
    );
  if (!series || series.points.length < 2)
    return <NonIdealState icon="timeline-line-chart" description={t('banking.accounts.chartEmpty')} className="portal-banking-chart-empty" />;
  const last = series.points[series.points.length - 1]!;
  return (
    <figure className="portal-banking-chart" data-testid="balance-chart">
      <div
        ref={host}
        role="img"
        aria-label={`${t('banking.accounts.chart', { account: label })}: ${formatAmount(series.points[0]!.balance_cents / 100, series.currency, locale)} → ${formatAmount(last.balance_cents / 100, series.currency, locale)}`}
      />
    </figure>
  );
}
