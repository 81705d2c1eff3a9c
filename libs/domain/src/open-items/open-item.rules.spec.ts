import { ageingBucket, daysOverdue, dueDateRangeOf, outstandingOf } from './open-item.rules';

describe('open-item rules on a fixed clock (2026-03-31)', () => {
  const today = '2026-03-31';

  it('puts an item into the ageing bucket of its days overdue', () => {
    expect(ageingBucket(daysOverdue('2026-04-10', today))).toBe('not_due');
    expect(ageingBucket(daysOverdue('2026-03-31', today))).toBe('not_due');
    expect(ageingBucket(daysOverdue('2026-03-30', today))).toBe('d1_30');
    expect(ageingBucket(daysOverdue('2026-03-01', today))).toBe('d1_30');
    expect(ageingBucket(daysOverdue('2026-02-28', today))).toBe('d31_60');
    expect(ageingBucket(daysOverdue('2026-01-30', today))).toBe('d31_60');
    expect(ageingBucket(daysOverdue('2026-01-29', today))).toBe('d61_90');
    expect(ageingBucket(daysOverdue('2025-12-31', today))).toBe('d61_90');
    expect(ageingBucket(daysOverdue('2025-12-30', today))).toBe('d90_plus');
    expect(ageingBucket(daysOverdue(null, today))).toBe('not_due');
  });

  it('gives each bucket the due-date range that lands in it', () => {
    expect(dueDateRangeOf('not_due', today)).toEqual({ from: '2026-03-31', to: null });
    expect(dueDateRangeOf('d1_30', today)).toEqual({ from: '2026-03-01', to: '2026-03-30' });
    expect(dueDateRangeOf('d90_plus', today)).toEqual({ from: null, to: '2025-12-30' });
  });

  it('computes the outstanding amount of invoices and credit notes', () => {
    expect(outstandingOf(100, 30.1)).toBe(69.9);
    expect(outstandingOf(100, 120)).toBe(-20);
    expect(outstandingOf(-50, 20)).toBe(-30);
  });
});
