import { BadRequest, dayIn, REPORT_KINDS, startOfDayIn, type ReportKind, type VatCountry } from '@portal/contracts';
import { addDays, type Period } from '@portal/domain';
import type { AsOf } from '@portal/projections';
import { z } from 'zod';
import { validate } from '../validate';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: string) => DATE.test(s) && !Number.isNaN(Date.parse(s)) && new Date(Date.parse(s)).toISOString().startsWith(s);
const moment = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}/.test(s), 'Use an ISO date-time, e.g. 2026-03-31T18:00:00Z.');

export const reportQuerySchema = z.strictObject({
  client_no: z.coerce.number().int().positive(),
  report: z.string(),
  from: z.string().refine(validDate, 'Use YYYY-MM-DD.'),
  to: z.string().refine(validDate, 'Use YYYY-MM-DD.'),
  asOf: moment.optional(),
  compareAsOf: moment.optional(),
  asOfPosition: z.coerce.number().int().positive('A log position is a whole number from 1.').optional(),
  compareAsOfPosition: z.coerce.number().int().positive('A log position is a whole number from 1.').optional(),
  country: z.enum(['AT', 'DE']).optional(),
});

export interface ReportRequest {
  clientNo: number;
  report: ReportKind;
  period: Period;
  /** A past moment (ISO date-time) or global log position; null = now. */
  asOf: AsOf | null;
  compareAsOf: AsOf | null;
  country: VatCountry | null;
  /** The firm's time zone: its calendar dates the period, the as-of dates and the moments counted. */
  timeZone: string;
}

/** A moment given as a date only means the end of that day in the firm's calendar (the last millisecond before the next begins). */
const normalize = (s: string, timeZone: string) =>
  DATE.test(s) ? new Date(Date.parse(startOfDayIn(timeZone, addDays(s, 1))) - 1).toISOString() : new Date(Date.parse(s)).toISOString();

/** Checks a report request: a known report, a period whose start is not after its end (≤ 10 years), moments not in the future. */
export function parseReportRequest(raw: unknown, now: Date, timeZone: string): ReportRequest {
  const q = validate(reportQuerySchema, raw, 'report query');
  if (!(REPORT_KINDS as readonly string[]).includes(q.report)) throw BadRequest(`Unknown report '${q.report}'; use one of ${REPORT_KINDS.join(', ')}.`);
  if (q.from > q.to) throw BadRequest('Invalid period: from is after to.');
  if (Date.parse(q.to) - Date.parse(q.from) > 3700 * 86_400_000) throw BadRequest('Invalid period: at most ten years.');
  if (q.asOf !== undefined && q.asOfPosition !== undefined) throw BadRequest('Give asOf or asOfPosition, not both.');
  if (q.compareAsOf !== undefined && q.compareAsOfPosition !== undefined) throw BadRequest('Give compareAsOf or compareAsOfPosition, not both.');
  const pointOf = (given: string | undefined, position: number | undefined): AsOf | null => {
    if (position !== undefined) return { position };
    if (given === undefined) return null;
    const m = normalize(given, timeZone);
    // Today given as a date means "now"; anything later than now (a minute of clock skew aside) is refused.
    const today = DATE.test(given) && given === dayIn(timeZone, now);
    if (!today && Date.parse(m) > now.getTime() + 60_000) throw BadRequest('The as-of moment is in the future.');
    return { time: Date.parse(m) > now.getTime() ? now.toISOString() : m };
  };
  return {
    clientNo: q.client_no,
    report: q.report as ReportKind,
    period: { from: q.from, to: q.to },
    asOf: pointOf(q.asOf, q.asOfPosition),
    compareAsOf: pointOf(q.compareAsOf, q.compareAsOfPosition),
    country: q.country ?? null,
    timeZone,
  };
}
