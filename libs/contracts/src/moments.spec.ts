import { DEFAULT_TIME_ZONE, dayIn, formatDateAs, formatMomentIn, isTimeZone, zoneOffsetMinutes } from './moments';

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
