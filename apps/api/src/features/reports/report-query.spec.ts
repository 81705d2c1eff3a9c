import { parseReportRequest } from './report-query';

const NOW = new Date('2026-06-15T10:00:00Z');
const ZONE = 'Europe/Vienna';
const base = { client_no: 1001, report: 'vat', from: '2026-01-01', to: '2026-03-31' };
const refused = (query: Record<string, unknown>) => {
  try {
    parseReportRequest(query, NOW, ZONE);
  } catch (e) {
    return e as { name: string; code: number; message: string };
  }
  throw new Error('accepted');
};

describe('report requests', () => {
  it('reads a live request and an as-of request (a date alone means the end of that day in the firm time zone)', () => {
    expect(parseReportRequest(base, NOW, ZONE)).toEqual({
      clientNo: 1001,
      report: 'vat',
      period: { from: '2026-01-01', to: '2026-03-31' },
      asOf: null,
      compareAsOf: null,
      country: null,
      timeZone: ZONE,
    });
    expect(parseReportRequest({ ...base, asOf: '2026-04-10', compareAsOf: '2026-04-01T08:00:00Z', country: 'DE' }, NOW, ZONE)).toMatchObject({
      // Vienna in April is UTC+2: its 10 April ends at 21:59:59.999 UTC.
      asOf: { time: '2026-04-10T21:59:59.999Z' },
      compareAsOf: { time: '2026-04-01T08:00:00.000Z' },
      country: 'DE',
    });
  });

  it('reads an as-of global log position, and refuses one that is not a whole number or given beside a date-time', () => {
    expect(parseReportRequest({ ...base, asOfPosition: '1234', compareAsOfPosition: 99 }, NOW, ZONE)).toMatchObject({
      asOf: { position: 1234 },
      compareAsOf: { position: 99 },
    });
    expect(refused({ ...base, asOfPosition: '0' })).toMatchObject({ name: 'BadRequest', code: 400 });
    expect(refused({ ...base, asOfPosition: '12.5' })).toMatchObject({ code: 400 });
    expect(refused({ ...base, asOfPosition: 5, asOf: '2026-04-01' })).toMatchObject({ code: 400, message: 'Give asOf or asOfPosition, not both.' });
  });

  it('takes today given as a date as now, today being the firm calendar day', () => {
    expect(parseReportRequest({ ...base, asOf: '2026-06-15' }, NOW, ZONE).asOf).toEqual({ time: NOW.toISOString() });
    // 23:30 UTC on 15 June is already 16 June in Vienna: the 16th is today there, not the future.
    const lateEvening = new Date('2026-06-15T23:30:00Z');
    expect(parseReportRequest({ ...base, asOf: '2026-06-16' }, lateEvening, ZONE).asOf).toEqual({ time: lateEvening.toISOString() });
    expect(() => parseReportRequest({ ...base, asOf: '2026-06-16' }, lateEvening, 'UTC')).toThrow('The as-of moment is in the future.');
  });

  it('refuses an unknown report with a clear BadRequest', () => {
    expect(refused({ ...base, report: 'profit' })).toMatchObject({
      name: 'BadRequest',
      code: 400,
      message: "Unknown report 'profit'; use one of vat, parties, processing, exports.",
    });
  });

  it('refuses a malformed period', () => {
    expect(refused({ ...base, from: '2026-13-01' })).toMatchObject({ code: 400 });
    expect(refused({ ...base, to: '31.03.2026' })).toMatchObject({ code: 400 });
    expect(refused({ ...base, from: '2026-04-01' })).toMatchObject({ code: 400, message: 'Invalid period: from is after to.' });
    expect(refused({ ...base, from: '2000-01-01' })).toMatchObject({ code: 400, message: 'Invalid period: at most ten years.' });
  });

  it('refuses an as-of moment in the future and unknown keys', () => {
    expect(refused({ ...base, asOf: '2026-06-16' })).toMatchObject({ code: 400, message: 'The as-of moment is in the future.' });
    expect(refused({ ...base, compareAsOf: '2027-01-01T00:00:00Z' })).toMatchObject({ code: 400, message: 'The as-of moment is in the future.' });
    expect(refused({ ...base, asOf: 'yesterday' })).toMatchObject({ code: 400 });
    expect(refused({ ...base, format: 'xlsx' })).toMatchObject({ code: 400 });
  });
});
