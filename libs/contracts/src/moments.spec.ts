import { DEFAULT_TIME_ZONE, dayIn, formatDateAs, formatMomentIn, isTimeZone, momentDays, startOfDayIn, zoneOffsetMinutes } from './moments';

describe('moments in the firm time zone', () => {
  it('writes a moment as Vienna wall-clock time on both sides of the spring switch to summer time', () => {
    // 2026-03-29 01:00 UTC: Vienna moves from UTC+1 to UTC+2.
    expect(formatMomentIn('2026-03-29T00:30:00Z', 'de', 'Europe/Vienna')).toBe('29.03.2026, 01:30');
    expect(formatMomentIn('2026-03-29T01:30:00Z', 'de', 'Europe/Vienna')).toBe('29.03.2026, 03:30');
    expect(formatMomentIn('2026-03-29T01:30:00Z', 'en', 'Europe/Vienna')).toBe('03/29/2026, 3:30 AM');
    expect(formatMomentIn('2026-03-29T01:30:05Z', 'de', 'Europe/Vienna', { seconds: true })).toBe('29.03.2026, 03:30:05');
  });

  it('writes the same instant in the zone asked for, not the one the process runs in', () => {
    expect(formatMomentIn('2026-10-25T00:30:00Z', 'de', 'Europe/Vienna')).toBe('25.10.2026, 02:30');
    expect(formatMomentIn('2026-10-25T01:30:00Z', 'de', 'Europe/Vienna')).toBe('25.10.2026, 02:30');
    expect(formatMomentIn('2026-10-25T01:30:00Z', 'de', 'UTC')).toBe('25.10.2026, 01:30');
    expect(formatMomentIn('2026-12-31T23:30:00Z', 'de', 'Europe/Vienna')).toBe('01.01.2027, 00:30');
  });

  it('tells the calendar day in the zone: Vienna is on the next day from its midnight, an hour (winter) or two (summer) before UTC', () => {
    expect(dayIn('Europe/Vienna', new Date('2026-11-29T22:59:00Z'))).toBe('2026-11-29');
    expect(dayIn('Europe/Vienna', new Date('2026-11-29T23:00:00Z'))).toBe('2026-11-30');
    expect(dayIn('Europe/Vienna', new Date('2026-06-29T22:00:00Z'))).toBe('2026-06-30');
    expect(dayIn('UTC', new Date('2026-11-29T23:00:00Z'))).toBe('2026-11-29');
  });

  it('counts recorded moments by the day of the zone, a plain date as itself, and the same minute the same way twice', () => {
    const vienna = momentDays('Europe/Vienna');
    expect(vienna('2026-11-30T23:30:00.000Z')).toBe('2026-12-01');
    expect(vienna('2026-11-30T23:30:59.999Z')).toBe('2026-12-01');
    expect(vienna('2026-11-30T22:59:59.999Z')).toBe('2026-11-30');
    expect(vienna('2026-06-30T22:00:00Z')).toBe('2026-07-01');
    expect(vienna('2026-11-30')).toBe('2026-11-30');
    expect(momentDays('UTC')('2026-11-30T23:30:00.000Z')).toBe('2026-11-30');
    // Half-hour zones change day at half past.
    expect(momentDays('Asia/Kolkata')('2026-11-30T18:29:00Z')).toBe('2026-11-30');
    expect(momentDays('Asia/Kolkata')('2026-11-30T18:30:00Z')).toBe('2026-12-01');
  });

  it('tells the instant a day begins in the zone, in winter, in summer and on the days the clocks change', () => {
    expect(startOfDayIn('Europe/Vienna', '2026-12-01')).toBe('2026-11-30T23:00:00.000Z');
    expect(startOfDayIn('Europe/Vienna', '2026-07-01')).toBe('2026-06-30T22:00:00.000Z');
    expect(startOfDayIn('Europe/Vienna', '2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDayIn('Europe/Vienna', '2026-03-30')).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfDayIn('Europe/Vienna', '2026-10-26')).toBe('2026-10-25T23:00:00.000Z');
    expect(startOfDayIn('UTC', '2026-12-01')).toBe('2026-12-01T00:00:00.000Z');
    expect(startOfDayIn('America/New_York', '2026-12-01')).toBe('2026-12-01T05:00:00.000Z');
  });

  it('knows the offset of the zone at an instant, in and out of daylight saving', () => {
    expect(zoneOffsetMinutes('Europe/Vienna', new Date('2026-03-29T00:59:00Z'))).toBe(-60);
    expect(zoneOffsetMinutes('Europe/Vienna', new Date('2026-03-29T01:00:00Z'))).toBe(-120);
    expect(zoneOffsetMinutes('UTC', new Date('2026-07-01T12:00:00Z'))).toBe(0);
  });

  it('writes dates per language and tells zone names it knows from others', () => {
    expect(formatDateAs('2026-03-29', 'de')).toBe('29.03.2026');
    expect(formatDateAs('2026-03-29', 'en')).toBe('03/29/2026');
    expect(formatDateAs(null, 'de')).toBe('');
    expect(isTimeZone(DEFAULT_TIME_ZONE)).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
