import type { QuotaSummary } from '@portal/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatPercent } from '../../i18n/format';
import { chartInk, useUPlot } from '../../components/charts/use-uplot';

interface Props {
  quota: QuotaSummary;
  locale: string;
  dark: boolean;
  today: string;
}

const epoch = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const HEIGHT = 170;

/**
 * The filed share of one tax office over time (a stepped line) against the deadline steps (20 → 100 %), from
 * 1 January after the tax year to the last deadline (uPlot, loaded with the screen). The figure's label says
 * it in words.
 */
export function QuotaChart({ quota, locale, dark, today }: Props) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);

  useUPlot(
    host,
    HEIGHT,
    (UPlot) => {
      const start = `${quota.tax_year + 1}-01-01`;
      const end = quota.deadlines[quota.deadlines.length - 1]!.date;
      // One x axis for both lines: the season's start, every filing day, every deadline, today.
      const filed = new Map(quota.series);
      const days = [...new Set([start, ...filed.keys(), ...quota.deadlines.map((d) => d.date), today <= end ? today : end])]
        .filter((d) => d >= start && d <= end)
        .sort();
      let last = 0;
      const filedLine = days.map((d) => {
        if (d > today) return null;
        last = filed.get(d) ?? last;
        return last;
      });
      const targets = [{ date: start, target: 0 }, ...quota.deadlines];
      const targetLine = days.map((d) => [...targets].reverse().find((x) => x.date <= d)?.target ?? 0);
      const { ink, grid } = chartInk(dark);
      return {
        options: {
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true }, y: { range: [0, 100] } },
          axes: [
            {
              stroke: ink,
              grid: { stroke: grid },
              space: 90,
              values: (_u, ticks) => ticks.map((s) => formatDate(new Date(s * 1000).toISOString().slice(0, 10), locale)),
            },
            { stroke: ink, grid: { stroke: grid }, size: 60, values: (_u, ticks) => ticks.map((v) => `${v} %`) },
          ],
          series: [
            {},
            {
              label: t('fon.quota.chart.target'),
              stroke: dark ? '#fbb360' : '#c87619',
              width: 2,
              dash: [6, 4],
              points: { show: false },
              paths: UPlot.paths.stepped?.({ align: 1 }),
            },
            {
              label: t('fon.quota.chart.filed'),
              stroke: dark ? '#8abbff' : '#2d72d2',
              width: 2,
              fill: dark ? 'rgba(138,187,255,0.12)' : 'rgba(45,114,210,0.10)',
              points: { show: false },
              paths: UPlot.paths.stepped?.({ align: 1 }),
            },
          ],
        },
        data: [days.map(epoch), targetLine, filedLine],
      };
    },
    [quota, locale, dark, today, t],
  );

  const next = quota.next_deadline;
  const summary = t('fon.quota.chart.summary', {
    office: quota.tax_office_name,
    percent: formatPercent(quota.filed_percent, locale),
    date: formatDate(today, locale),
    target: next ? formatPercent(next.target, locale) : '–',
    deadline: next ? formatDate(next.date, locale) : '–',
  });
  return (
    <figure className="portal-fon-chart" data-testid={`fon-chart-${quota.tax_office}`}>
      <figcaption className="portal-fon-chart-caption">
        <span className="portal-fon-legend portal-fon-legend-filed">{t('fon.quota.chart.filed')}</span>
        <span className="portal-fon-legend portal-fon-legend-target">{t('fon.quota.chart.target')}</span>
      </figcaption>
      <div ref={host} role="img" aria-label={`${t('fon.quota.chart.title')}. ${summary}`} />
    </figure>
  );
}
