/**
 * Dates and moments as the portal writes them, on screen and in the files it hands out: a date as the
 * language writes it (dd.mm.yyyy, mm/dd/yyyy) and a moment as the wall-clock time of the firm's time zone,
 * whatever zone the server or the reader's browser runs in. Daylight saving follows the zone's rules (Intl).
 */

/** The firm's time zone unless it configures another (IANA name). */
export const DEFAULT_TIME_ZONE = 'Europe/Vienna';

/** An IANA time zone name the runtime knows ("Europe/Vienna", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (name === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const intlLocale = (locale: string) => (locale === 'de' ? 'de-DE' : 'en-US');

/** A YYYY-MM-DD date (or the date part of an ISO string) as the locale writes it; anything else unchanged. */
export function formatDateAs(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return locale === 'de' ? `${m[3]}.${m[2]}.${m[1]}` : `${m[2]}/${m[3]}/${m[1]}`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An ISO timestamp as the date and wall-clock time in `timeZone`, with the same four-digit date as
 * formatDateAs: "29.03.2026, 03:30" (de) or "03/29/2026, 3:30 AM" (en); `seconds` for audit trails.
 */
export function formatMomentIn(value: string | null | undefined, locale: string, timeZone: string, options: { seconds?: boolean } = {}): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const key = `${locale}|${timeZone}|${options.seconds ? 's' : ''}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      // German clocks write two-digit hours ("02:30"), English ones "2:30 AM".
      hour: locale === 'de' ? '2-digit' : 'numeric',
      minute: '2-digit',
      ...(options.seconds ? { second: '2-digit' } : {}),
    });
    dateTimeFormats.set(key, format);
  }
  return format.format(d);
}

/** The calendar day (YYYY-MM-DD) in `timeZone` at an instant: a deadline day in Vienna begins at its midnight, not at UTC's. */
export function dayIn(timeZone: string, at: Date): string {
  // The formatters' one cache (a second module-level map would stay in the web's first bundle unused).
  const key = `day|${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateTimeFormats.set(key, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The calendar day in `timeZone` of recorded moments (ISO strings), for counting them per day, month or period
 * the way the firm's calendar does: an upload at 00:30 in Vienna on 1 December is December's, though UTC still
 * writes 30 November. Moments of one minute share a day in every zone (offsets are whole minutes), so a report over
 * thousands of records asks the calendar once per minute; a plain date (YYYY-MM-DD) is already a day.
 */
export function momentDays(timeZone: string): (moment: string) => string {
  if (timeZone === 'UTC') return (moment) => moment.slice(0, 10);
  const byMinute = new Map<string, string>();
  return (moment) => {
    if (moment.length <= 10) return moment;
    const minute = moment.slice(0, 16);
    let day = byMinute.get(minute);
    if (day === undefined) {
      const at = new Date(moment);
      day = Number.isNaN(at.getTime()) ? moment.slice(0, 10) : dayIn(timeZone, at);
      byMinute.set(minute, day);
    }
    return day;
  };
}

/** The instant (ISO) at which `day` (YYYY-MM-DD) begins in `timeZone`: 1 December in Vienna begins at 30 November 23:00 UTC. */
export function startOfDayIn(timeZone: string, day: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at the guess, then at the corrected instant: right across a daylight-saving switch as well.
  let at = midnightUtc + zoneOffsetMinutes(timeZone, new Date(midnightUtc)) * 60_000;
  at = midnightUtc + zoneOffsetMinutes(timeZone, new Date(at)) * 60_000;
  return new Date(at).toISOString();
}

/** Minutes to add to the zone's wall-clock time to reach UTC at an instant (like Date#getTimezoneOffset: Vienna in summer −120). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((Math.floor(at.getTime() / 1000) * 1000 - wall) / 60_000);
}
