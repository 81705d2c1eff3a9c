import { dueDateOf, interestBetween, onTimeUntil, svAccountFigures, type SvInterestTransaction } from './sv-interest.rules';

const RATES = { 2024: 7.88, 2025: 7.03, 2026: 5.15 };
const charge = (period: string, amount: number, bookingDate = `${period}-28`): SvInterestTransaction => ({
  bookingDate,
  valueDate: null,
  period,
  debit: amount,
  credit: 0,
  state: '',
});
const payment = (date: string, amount: number, period: string | null = null): SvInterestTransaction => ({
  bookingDate: date,
  valueDate: date,
  period,
  debit: 0,
  credit: amount,
  state: '',
});
const day = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

describe('SV contribution account: due dates and the on-time window', () => {
  it('a period falls due on its last day and counts as paid on time for 15 + 3 days', () => {
    expect(dueDateOf('2025-02')).toBe('2025-02-28');
    expect(dueDateOf('2024-02')).toBe('2024-02-29');
    expect(onTimeUntil('2025-01')).toBe('2025-02-18');
  });

  it('a payment on the last day of the window costs no interest, one day later it does from day 16 after the due date', () => {
    const onTime = svAccountFigures([charge('2025-01', 1000), payment('2025-02-18', 1000)], RATES, '2025-06-30');
    expect(onTime.interest).toBe(0);
    expect(onTime.balance).toBe(0);
    const late = svAccountFigures([charge('2025-01', 1000), payment('2025-02-19', 1000)], RATES, '2025-06-30');
    // Interest from day 16 (16 Feb) to the payment on 19 Feb: 3 days at 7.03 %.
    expect(late.interest).toBe(Math.round(((1000 * 7.03 * 3) / 36500) * 100) / 100);
    expect(late.arrears).toBe(0);
  });
});

describe('SV contribution account: interest on arrears', () => {
  it('runs on an unpaid period until today at the yearly rate', () => {
    const f = svAccountFigures([charge('2025-03', 2000)], RATES, '2025-06-30');
    expect(f.balance).toBe(2000);
    expect(f.arrears).toBe(2000);
    expect(f.periods[0]).toMatchObject({ period: '2025-03', dueDate: '2025-03-31', open: 2000, daysOverdue: 91 });
    // Due 31 Mar, interest from 16 Apr: 75 days to 30 Jun.
    expect(f.interest).toBe(Math.round(((2000 * 7.03 * 75) / 36500) * 100) / 100);
    expect(f.toPayToday).toBe(2000 + f.interest);
  });

  it('changes the rate at the year boundary', () => {
    const f = svAccountFigures([charge('2025-11', 1000)], RATES, '2026-01-31');
    // Due 30 Nov, interest from 16 Dec to the year's end: 16 days at 7.03 %; 1 Jan → 31 Jan: 30 days at 5.15 %.
    const expected = (1000 * 7.03 * 16) / 36500 + (1000 * 5.15 * 30) / 36500;
    expect(f.interest).toBe(Math.round(expected * 100) / 100);
    expect(interestBetween(1000, day('2025-12-31'), day('2026-01-02'), RATES, new Set())).toBeCloseTo(((7.03 + 5.15) * 10) / 365, 10);
  });

  it('a partial payment stops interest on the part it pays, the rest runs on', () => {
    const f = svAccountFigures([charge('2025-01', 1000), payment('2025-03-02', 400)], RATES, '2025-04-01');
    const paidLate = (400 * 7.03 * 14) / 36500; // 16 Feb → 2 Mar
    const stillOpen = (600 * 7.03 * 44) / 36500; // 16 Feb → 1 Apr
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
    // Due 30 Nov 2026, interest from 16 Dec 2026 to 10 Jan 2027: 25 days, all at the 2025 rate.
    expect(f.interest).toBe(Math.round(((1000 * 7.03 * 25) / 36500) * 100) / 100);
  });

  it('keeps the balance of each booking day for the chart', () => {
    const f = svAccountFigures([charge('2025-01', 1000), payment('2025-02-10', 600), payment('2025-02-10', 400)], RATES, '2025-03-01');
    expect(f.balanceOverTime).toEqual([
      { date: '2025-01-28', balance: 1000 },
      { date: '2025-02-10', balance: 0 },
    ]);
  });
});

describe('SV contribution account: self-employed (SVS) quarterly contributions', () => {
  it('fall due on 28/29 Feb, 31 May, 31 Aug and 30 Nov for the months of each quarter', () => {
    expect(['2025-01', '2025-02', '2025-03'].map((p) => dueDateOf(p, 'SVS'))).toEqual(['2025-02-28', '2025-02-28', '2025-02-28']);
    expect(dueDateOf('2024-03', 'SVS')).toBe('2024-02-29');
    expect(['2025-04', '2025-07', '2025-12'].map((p) => dueDateOf(p, 'SVS'))).toEqual(['2025-05-31', '2025-08-31', '2025-11-30']);
    expect(onTimeUntil('2025-10', 'SVS')).toBe('2025-12-18');
  });

  it('a quarter paid in its window costs nothing; unpaid it runs interest from day 16 after its due day', () => {
    const quarter = (amount: number): SvInterestTransaction => ({
      bookingDate: '2025-04-01',
      valueDate: null,
      period: '2025-04',
      debit: amount,
      credit: 0,
      state: '',
    });
    const paid = svAccountFigures([quarter(3000), payment('2025-06-18', 3000)], RATES, '2025-09-30', { kind: 'SVS' });
    expect(paid.interest).toBe(0);
    const open = svAccountFigures([quarter(3000)], RATES, '2025-06-30', { kind: 'SVS' });
    // Due 31 May, interest from 16 Jun to 30 Jun: 14 days.
    expect(open.periods[0]).toMatchObject({ dueDate: '2025-05-31', open: 3000 });
    expect(open.interest).toBe(Math.round(((3000 * 7.03 * 14) / 36500) * 100) / 100);
    // The same booking on an ÖGK account was due on 30 Apr.
    expect(svAccountFigures([quarter(3000)], RATES, '2025-06-30').periods[0]!.dueDate).toBe('2025-04-30');
  });
});

describe('SV contribution account: insolvency (booking state I)', () => {
  it('stops the interest of the claims due before the opening on that day; later contributions run on', () => {
    const txs = [charge('2025-01', 1000), charge('2025-04', 500)];
    const f = svAccountFigures(txs, RATES, '2025-06-30', { insolvencyFrom: '2025-03-18' });
    // January: 16 Feb → 18 Mar (30 days), then frozen. April (due 30 Apr, after the opening): 16 May → 30 Jun, 45 days.
    expect(f.periods.map((p) => p.interest)).toEqual([
      Math.round(((1000 * 7.03 * 30) / 36500) * 100) / 100,
      Math.round(((500 * 7.03 * 45) / 36500) * 100) / 100,
    ]);
    expect(f.arrears).toBe(1500);
  });

  it('a claim paid before the opening keeps its interest as it was', () => {
    const f = svAccountFigures([charge('2025-01', 1000), payment('2025-03-01', 1000)], RATES, '2025-06-30', { insolvencyFrom: '2025-05-01' });
    expect(f.interest).toBe(Math.round(((1000 * 7.03 * 13) / 36500) * 100) / 100);
  });
});
