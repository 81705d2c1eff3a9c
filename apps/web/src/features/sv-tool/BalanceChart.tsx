import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '../../i18n/format';

const W = 600;
const H = 140;

/**
 * The account's balance after each booking day as a step line (arrears above the zero line, credit below),
 * drawn as SVG with Blueprint's colour variables so it reads in light and dark.
 */
export function BalanceChart({ points, locale }: { points: ReadonlyArray<{ date: string; balance: number }>; locale: string }) {
  const { t } = useTranslation();
  if (points.length < 2) return null;
  const days = points.map((p) => Date.parse(`${p.date}T00:00:00Z`));
  const x0 = days[0];
  const span = Math.max(1, days[days.length - 1] - x0);
  const values = points.map((p) => p.balance);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const range = Math.max(1, max - min);
  const x = (d: number) => ((d - x0) / span) * W;
  const y = (v: number) => H - ((v - min) / range) * H;
  let path = `M0 ${y(values[0]).toFixed(1)}`;
  for (let i = 1; i < points.length; i++) path += ` H${x(days[i]).toFixed(1)} V${y(values[i]).toFixed(1)}`;
  const last = points[points.length - 1];
  const summary = t('sv-tool.chart.summary', {
    from: formatDate(points[0].date, locale),
    to: formatDate(last.date, locale),
    max: formatAmount(max, 'EUR', locale),
    last: formatAmount(last.balance, 'EUR', locale),
  });
  return (
    <figure className="portal-sv-chart" role="img" aria-label={`${t('sv-tool.chart.title')}. ${summary}`} data-testid="sv-balance-chart">
      <figcaption className={Classes.TEXT_MUTED}>{t('sv-tool.chart.title')}</figcaption>
      <div className="portal-sv-chart-plot">
        <div className="portal-sv-chart-axis" aria-hidden="true">
          <span>{formatAmount(max, 'EUR', locale)}</span>
          <span>{formatAmount(min, 'EUR', locale)}</span>
        </div>
        <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" width="100%" height={H} aria-hidden="true">
          <line x1="0" x2={W} y1={y(0)} y2={y(0)} className="portal-sv-chart-zero" vectorEffect="non-scaling-stroke" />
          <path d={path} className="portal-sv-chart-line" vectorEffect="non-scaling-stroke" />
        </svg>
      </div>
      <div className={`portal-sv-chart-dates ${Classes.TEXT_MUTED}`} aria-hidden="true">
        <span>{formatDate(points[0].date, locale)}</span>
        <span>{formatDate(last.date, locale)}</span>
      </div>
    </figure>
  );
}
