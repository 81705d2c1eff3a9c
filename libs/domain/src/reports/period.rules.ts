import { momentDays } from '@portal/contracts';

/** A report period: inclusive calendar dates YYYY-MM-DD. */
export interface Period {
  from: string;
  to: string;
}

const DAY = 86_400_000;
export const addDays = (date: string, days: number) => new Date(Date.parse(date) + days * DAY).toISOString().slice(0, 10);

/** The firm's calendar day of a recorded moment (ISO string); see momentDays. */
export type DayOf = (moment: string) => string;

/** Days as UTC writes them: for callers without a firm time zone (pure specs of dated facts). */
export const utcDays: DayOf = momentDays('UTC');

export const inPeriod = (date: string | null, period: Period) => date !== null && date.slice(0, 10) >= period.from && date.slice(0, 10) <= period.to;

const monthEnd = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);

/** The period right before: as many whole months for month-aligned periods, else as many days. */
export function previousPeriod(period: Period): Period {
  const [fy, fm] = period.from.split('-').map(Number) as [number, number];
  const [ty, tm] = period.to.split('-').map(Number) as [number, number];
  if (period.from.endsWith('-01') && period.to === monthEnd(ty, tm)) {
    const months = (ty - fy) * 12 + (tm - fm) + 1;
    const start = new Date(Date.UTC(fy, fm - 1 - months, 1)).toISOString().slice(0, 10);
    return { from: start, to: addDays(period.from, -1) };
  }
  const days = Math.round((Date.parse(period.to) - Date.parse(period.from)) / DAY);
  const to = addDays(period.from, -1);
  return { from: addDays(to, -days), to };
}

/** The months (YYYY-MM) a period touches. */
export function monthsOf(period: Period): string[] {
  const months: string[] = [];
  let y = Number(period.from.slice(0, 4));
  let m = Number(period.from.slice(5, 7));
  const last = period.to.slice(0, 7);
  for (let guard = 0; guard < 600; guard++) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) break;
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return months;
}

/** Points in time to sample a backlog at: day ends for up to 62 days, else week ends (≤ 1 year), else month ends. */
export function samplePoints(period: Period): string[] {
  const days = Math.round((Date.parse(period.to) - Date.parse(period.from)) / DAY) + 1;
  const step = days <= 62 ? 1 : days <= 366 ? 7 : 0;
  const points: string[] = [];
  if (step > 0) {
    for (let d = period.from; d <= period.to; d = addDays(d, step)) points.push(d);
    if (points[points.length - 1] !== period.to) points.push(period.to);
  } else {
    for (const month of monthsOf(period)) {
      const [y, m] = month.split('-').map(Number) as [number, number];
      const end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
      points.push(end < period.to ? end : period.to);
    }
  }
  return points;
}
