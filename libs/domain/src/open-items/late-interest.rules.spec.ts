import { baseRateOn, INTEREST_MARGIN, lateInterest } from './late-interest.rules';

describe('late-payment interest on a fixed clock (2026-03-31)', () => {
  const today = '2026-03-31';

  it('charges Austrian B2B interest at base rate + 9.2 pp (§ 456 UGB) plus € 40', () => {
    const r = lateInterest('AT', 10_000, '2025-12-31', today);
    expect(r.days).toBe(90);
    expect(r.rate).toBe(10.73);
    expect(r.interest).toBe(264.58);
    expect(r.flatFee).toBe(40);
    expect(r.law).toBe('§ 456 UGB');
  });

  it('charges German B2B interest at base rate + 9 pp (§ 288 BGB), across a change of the base rate', () => {
    const r = lateInterest('DE', 1000, '2025-06-20', '2025-07-10');
    // 10 days at 2.27 + 9 and 10 days at 1.27 + 9 per cent a year.
    expect(r.interest).toBe(Math.round(((1000 * 0.1127 * 10) / 365 + (1000 * 0.1027 * 10) / 365) * 100) / 100);
    expect(r.law).toBe('§ 288 BGB');
  });

  it('charges nothing before the due date', () => {
    expect(lateInterest('DE', 1000, '2026-04-30', today)).toMatchObject({ days: 0, interest: 0, flatFee: 0 });
  });
});

describe('late-payment interest summed per base-rate period', () => {
  /** The definition: each overdue day at the rate in force on that day. */
  function dayByDay(country: 'AT' | 'DE', amount: number, dueDate: string, today: string): number {
    const days = Math.max(0, Math.round((Date.parse(today) - Date.parse(dueDate)) / 86_400_000));
    let interest = 0;
    for (let i = 1; i <= days; i++) {
      const day = new Date(Date.parse(dueDate) + i * 86_400_000).toISOString().slice(0, 10);
      interest += (amount * (baseRateOn(country, day) + INTEREST_MARGIN[country])) / 100 / 365;
    }
    return Math.round(Math.max(0, interest) * 100) / 100;
  }

  it('gives the same cents as counting day by day, for due dates before, across and after every rate change', () => {
    for (const country of ['AT', 'DE'] as const) {
      for (let d = 0; d < 1200; d += 7) {
        const due = new Date(Date.parse('2023-01-01') + d * 86_400_000).toISOString().slice(0, 10);
        const amount = 100 + ((d * 7919) % 100_000) / 10;
        expect(lateInterest(country, amount, due, '2026-03-31').interest).toBe(dayByDay(country, amount, due, '2026-03-31'));
      }
    }
  });
});
