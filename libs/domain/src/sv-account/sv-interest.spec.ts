import { dueDateOf, interestBetween, onTimeUntil, svAccountFigures, type SvInterestTransaction } from './sv-interest';

const RATES = { 2024: 7.88, 2025: 7.03, 2026: 5.15 };
const charge = (period: string, amount: number, bookingDate = `${period}-28`): SvInterestTransaction => ({ bookingDate, valueDate: null, period, debit: amount, credit: 0, state: '' });
const payment = (date: string, amount: number, period: string | null = null): SvInterestTransaction => ({ bookingDate: date, valueDate: date, period, debit: 0, credit: amount, state: '' });
const day = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

describe('SV contribution account: due dates and the on-time window', () => {
  it('a period falls due on its last day and counts as paid on time for 15 + 3 days', () => {
    expect(dueDateOf('2025-02')).toBe('2025-02-28');
    expect(dueDateOf('2024-02')).toBe('2024-02-29');
    expect(onTimeUntil('2025-01')).toBe('2025-02-18');
  });

  it('a payment on the last day of the window costs no interest, one day later it does from the due date', () => {
    const onTime = svAccountFigures([charge('2025-01', 1000), payment('2025-02-18', 1000)], RATES, '2025-06-30');
    expect(onTime.interest).toBe(0);
    expect(onTime.balance).toBe(0);
    const late = svAccountFigures([charge('2025-01', 1000), payment('2025-02-19', 1000)], RATES, '2025-06-30');
    // 19 days (31 Jan → 19 Feb) at 7.03 %.
    expect(late.interest).toBe(Math.round(((1000 * 7.03 * 19) / 36500) * 100) / 100);
    expect(late.arrears).toBe(0);
  });
});

describe('SV contribution account: interest on arrears', () => {
  it('runs on an unpaid period until today at the yearly rate', () => {
    const f = svAccountFigures([charge('2025-03', 2000)], RATES, '2025-06-30');
    expect(f.balance).toBe(2000);
    expect(f.arrears).toBe(2000);
    expect(f.periods[0]).toMatchObject({ period: '2025-03', dueDate: '2025-03-31', open: 2000, daysOverdue: 91 });
    expect(f.interest).toBe(Math.round(((2000 * 7.03 * 91) / 36500) * 100) / 100);
    expect(f.toPayToday).toBe(2000 + f.interest);
  });

  it('changes the rate at the year boundary', () => {
    const f = svAccountFigures([charge('2025-11', 1000)], RATES, '2026-01-31');
    // From the due day 30 Nov to the year's end: 32 days at 7.03 %; 1 Jan → 31 Jan: 30 days at 5.15 %.
    const expected = (1000 * 7.03 * 32) / 36500 + (1000 * 5.15 * 30) / 36500;
    expect(f.interest).toBe(Math.round(expected * 100) / 100);
    expect(interestBetween(1000, day('2025-12-31'), day('2026-01-02'), RATES, new Set())).toBeCloseTo((7.03 + 5.15) * 10 / 365, 10);
  });

  it('a partial payment stops interest on the part it pays, the rest runs on', () => {
    const f = svAccountFigures([charge('2025-01', 1000), payment('2025-03-02', 400)], RATES, '2025-04-01');
    const paidLate = (400 * 7.03 * 30) / 36500; // 31 Jan → 2 Mar
    const stillOpen = (600 * 7.03 * 60) / 36500; // 31 Jan → 1 Apr
    expect(f.periods[0]).toMatchObject({ charged: 1000, paid: 400, open: 600 });
    expect(f.interest).toBe(Math.round((paidLate + stillOpen) * 100) / 100);
  });

  it('payments settle the oldest period first unless they name their period', () => {
    const txs = [charge('2025-01', 500), charge('2025-02', 500), payment('2025-03-05', 500)];
    expect(svAccountFigures(txs, RATES, '2025-03-10').periods.map((p) => p.open)).toEqual([0, 500]);
    const named = [charge('2025-01', 500), charge('2025-02', 500), payment('2025-03-05', 500, '2025-02')];
    expect(svAccountFigures(named, RATES, '2025-03-10').periods.map((p) => p.open)).toEqual([500, 0]);
  });

  it('a credit balance is a negative balance that prepays the next period without interest', () => {
    const f = svAccountFigures([payment('2025-01-10', 1500), charge('2025-01', 1000)], RATES, '2025-03-31');
    expect(f.balance).toBe(-500);
    expect(f.interest).toBe(0);
    expect(f.arrears).toBe(0);
    expect(f.toPayToday).toBe(0);
  });

  it('a period still inside its on-time window is not in arrears yet', () => {
    const f = svAccountFigures([charge('2025-05', 800)], RATES, '2025-06-10');
    expect(f.arrears).toBe(0);
    expect(f.interest).toBe(0);
    expect(f.balance).toBe(800);
  });

  it('reports a year without a rate and uses the nearest earlier one', () => {
    const f = svAccountFigures([charge('2026-11', 1000)], { 2025: 7.03 }, '2027-01-10');
    expect(f.missingRateYears).toEqual([2026, 2027]);
    expect(f.interest).toBe(Math.round(((1000 * 7.03 * 41) / 36500) * 100) / 100);
  });

  it('keeps the balance of each booking day for the chart', () => {
    const f = svAccountFigures([charge('2025-01', 1000), payment('2025-02-10', 600), payment('2025-02-10', 400)], RATES, '2025-03-01');
    expect(f.balanceOverTime).toEqual([{ date: '2025-01-28', balance: 1000 }, { date: '2025-02-10', balance: 0 }]);
  });
});
