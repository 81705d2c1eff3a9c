import { BadRequest, REPORT_KINDS, type ReportKind, type VatCountry } from '@portal/contracts';
import type { Period } from '@portal/domain';
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
  country: z.enum(['AT', 'DE']).optional(),
});

export interface ReportRequest {
  clientNo: number;
  report: ReportKind;
  period: Period;
  /** ISO date-times; null = now. */
  asOf: string | null;
  compareAsOf: string | null;
  country: VatCountry | null;
}

/** A moment given as a date only means the end of that day (UTC). */
const normalize = (s: string) => (DATE.test(s) ? `${s}T23:59:59.999Z` : new Date(Date.parse(s)).toISOString());

/** Checks a report request: a known report, a period whose start is not after its end (≤ 10 years), moments not in the future. */
export function parseReportRequest(raw: unknown, now: Date): ReportRequest {
  const q = validate(reportQuerySchema, raw, 'report query');
  if (!(REPORT_KINDS as readonly string[]).includes(q.report)) throw BadRequest(`Unknown report '${q.report}'; use one of ${REPORT_KINDS.join(', ')}.`);
  if (q.from > q.to) throw BadRequest('Invalid period: from is after to.');
  if (Date.parse(q.to) - Date.parse(q.from) > 3700 * 86_400_000) throw BadRequest('Invalid period: at most ten years.');
  const asOf = q.asOf ? normalize(q.asOf) : null;
  const compareAsOf = q.compareAsOf ? normalize(q.compareAsOf) : null;
  const inFuture = (given: string | undefined, m: string | null) => m !== null && Date.parse(m) > now.getTime() + 60_000 && !(given && DATE.test(given) && given === now.toISOString().slice(0, 10));
  if (inFuture(q.asOf, asOf) || inFuture(q.compareAsOf, compareAsOf)) throw BadRequest('The as-of moment is in the future.');
  // Today given as a date means "now".
  const clamp = (m: string | null) => (m !== null && Date.parse(m) > now.getTime() ? now.toISOString() : m);
  return { clientNo: q.client_no, report: q.report as ReportKind, period: { from: q.from, to: q.to }, asOf: clamp(asOf), compareAsOf: clamp(compareAsOf), country: q.country ?? null };
}
