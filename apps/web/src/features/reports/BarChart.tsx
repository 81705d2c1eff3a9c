/** A small accessible SVG bar chart (one or two series), sized by its container; colours from Blueprint's CSS variables. */
export interface Bar {
  label: string;
  values: number[];
}

export function BarChart({ bars, series, title, format }: { bars: Bar[]; series: string[]; title: string; format: (n: number) => string }) {
  const max = Math.max(1, ...bars.flatMap((b) => b.values.map(Math.abs)));
  const height = 160;
  const barWidth = 100 / Math.max(1, bars.length);
  const colors = ['var(--portal-chart-1, #2d72d2)', 'var(--portal-chart-2, #d9822b)', 'var(--portal-chart-3, #238551)'];
  const summary = bars.map((b) => `${b.label}: ${b.values.map(format).join(' / ')}`).join('; ');
  return (
    <figure className="portal-chart" aria-label={`${title}. ${summary}`} role="img">
      <svg viewBox={`0 0 100 ${height / 4}`} preserveAspectRatio="none" width="100%" height={height} aria-hidden="true">
        {bars.map((bar, i) =>
          bar.values.map((v, s) => {
            const h = (Math.abs(v) / max) * (height / 4 - 2);
            const w = (barWidth * 0.8) / bar.values.length;
            return (
              <rect key={`${i}-${s}`} x={i * barWidth + barWidth * 0.1 + s * w} y={height / 4 - h} width={w} height={h} fill={colors[s % colors.length]}>
                <title>{`${bar.label} ${series[s] ?? ''}: ${format(v)}`}</title>
              </rect>
            );
          }),
        )}
      </svg>
      <div className="portal-chart-labels" aria-hidden="true">
        {bars.map((b) => (
          <span key={b.label} style={{ width: `${barWidth}%` }}>
            {b.label}
          </span>
        ))}
      </div>
      {series.length > 1 ? (
        <figcaption className="portal-chart-legend">
          {series.map((s, i) => (
            <span key={s}>
              <i style={{ background: colors[i % colors.length] }} /> {s}
            </span>
          ))}
        </figcaption>
      ) : null}
    </figure>
  );
}
