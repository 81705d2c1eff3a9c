import { inPeriod, monthsOf, previousPeriod, samplePoints } from './period.rules';

describe('report periods', () => {
  it('take the whole months before a month-aligned period, else as many days', () => {
    expect(previousPeriod({ from: '2026-01-01', to: '2026-03-31' })).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(previousPeriod({ from: '2026-03-10', to: '2026-03-19' })).toEqual({ from: '2026-02-28', to: '2026-03-09' });
  });

  it('list the months a period touches, and count a date in it by its day', () => {
    expect(monthsOf({ from: '2025-11-15', to: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(inPeriod('2026-03-31T23:59:00.000Z', { from: '2026-01-01', to: '2026-03-31' })).toBe(true);
    expect(inPeriod(null, { from: '2026-01-01', to: '2026-03-31' })).toBe(false);
  });

  it('sample a backlog by day up to 62 days, by week up to a year, else by month end', () => {
    expect(samplePoints({ from: '2026-02-01', to: '2026-02-03' })).toEqual(['2026-02-01', '2026-02-02', '2026-02-03']);
    expect(samplePoints({ from: '2026-01-01', to: '2026-03-31' })).toHaveLength(14);
    expect(samplePoints({ from: '2025-01-01', to: '2026-06-15' }).slice(-2)).toEqual(['2026-05-31', '2026-06-15']);
  });
});
