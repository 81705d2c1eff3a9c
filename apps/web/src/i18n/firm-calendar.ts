import { zoneOffsetMinutes } from '@portal/contracts';
import { firmTimeZone } from './format';

/**
 * The firm's calendar now: today, this month and this year as the server counts days (in the firm's time zone,
 * not UTC's, from which they differ for an hour or two around midnight). Apart from the formatter so the first
 * bundle, which needs none of it, stays small.
 */

/** Today (YYYY-MM-DD) in the firm's calendar: the default and the latest day of date inputs. */
export function firmToday(): string {
  const now = new Date();
  // The firm's wall clock read as if it were UTC.
  return new Date(now.getTime() - zoneOffsetMinutes(firmTimeZone(), now) * 60_000).toISOString().slice(0, 10);
}

/** The firm's current year and month (0–11): the default period of reports, the tax year of FON lists. */
export function firmYearMonth(): { year: number; month: number } {
  const today = firmToday();
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) - 1 };
}
