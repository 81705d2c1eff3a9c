import type { SvAccountKind, SvBookingStateCode, SvPeriodFigures } from '@portal/contracts';

/**
 * Social-insurance contribution accounts: balance, arrears per contribution period and interest on
 * arrears under § 59 ASVG / § 35 GSVG. Pure: transactions, the yearly rate table and "today" come in as arguments.
 *
 * Rules: a period's contributions (debits, `soll`) are due on the last day of the period's month (ÖGK), or for
 * self-employed (SVS) quarterly on 28/29 Feb, 31 May, 31 Aug and 30 Nov. They count as paid on time when
 * credited within 15 days after that, plus a 3-day grace for the transfer. Paid later — or not at all —
 * interest runs from day 16 after the due day on the part still open, per day, at the rate of the calendar
 * year of that day (base rate on 31 October plus 4 points for the following year). Credits (`haben`) pay the
 * oldest open period first (a credit naming its period pays that period first); what is left is a credit
 * balance that pays later periods as they fall due. Once insolvency proceedings are opened, the claims due
 * before that day stop earning interest (interest after the opening is no insolvency claim, § 58 IO);
 * contributions falling due later run on as before.
 */

export interface SvInterestTransaction {
  /** Booking date (YYYY-MM-DD): when the amount was credited / charged. */
  bookingDate: string;
  /** Value date; credits count from it when given. */
  valueDate: string | null;
  /** Contribution period YYYY-MM, or null (interest, fees, payments without a period). */
  period: string | null;
  debit: number;
  credit: number;
  state: SvBookingStateCode;
}

/** Yearly interest on arrears in percent, e.g. { 2025: 7.03 }. */
export type SvRateTable = Readonly<Record<number, number>>;

export const PAYMENT_PERIOD_DAYS = 15;
export const GRACE_DAYS = 3;
/** Interest counts from this day after the due day (the first day past the 15 days to pay). */
export const INTEREST_FROM_DAY = PAYMENT_PERIOD_DAYS + 1;

export interface SvFigureOptions {
  kind?: SvAccountKind;
  /** The day insolvency proceedings were opened (booking state I): earlier claims stop earning interest then. */
  insolvencyFrom?: string | null;
}

export interface SvAccountFigures {
  /** Debits minus credits: positive is arrears, negative a credit. */
  balance: number;
  periods: SvPeriodFigures[];
  /** Sum of the open amounts of the periods past their on-time window. */
  arrears: number;
  interest: number;
  /** Balance plus interest (never below zero): what paying today settles. */
  toPayToday: number;
  /** Years whose rate was missing in the table; the nearest earlier known rate was used. */
  missingRateYears: number[];
  /** Balance after each booking day, oldest first. */
  balanceOverTime: Array<{ date: string; balance: number }>;
}

const DAY_MS = 86_400_000;
const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;
const toDay = (iso: string) => Math.floor(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS);
const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The due day of a YYYY-MM period: its last day (ÖGK), or the last day of its quarter's second month (SVS). */
export function dueDateOf(period: string, kind: SvAccountKind = 'OEGK'): string {
  const [y, m] = period.split('-').map(Number);
  const dueMonth = kind === 'SVS' ? Math.ceil(m / 3) * 3 - 1 : m;
  return new Date(Date.UTC(y, dueMonth, 0)).toISOString().slice(0, 10);
}

export function onTimeUntil(period: string, kind: SvAccountKind = 'OEGK'): string {
  return fromDay(toDay(dueDateOf(period, kind)) + PAYMENT_PERIOD_DAYS + GRACE_DAYS);
}

/** The rate of a year; a missing year takes the nearest earlier one (else the nearest later one) and is reported. */
export function rateOf(table: SvRateTable, year: number, missing: Set<number>): number {
  if (table[year] !== undefined) return table[year];
  missing.add(year);
  const years = Object.keys(table)
    .map(Number)
    .sort((a, b) => a - b);
  const earlier = years.filter((y) => y < year).pop();
  const chosen = earlier ?? years[0];
  return chosen === undefined ? 0 : table[chosen];
}

/** Interest on `amount` from day `from` (inclusive) to day `to` (exclusive), each day at its year's rate (act/365). */
export function interestBetween(amount: number, from: number, to: number, table: SvRateTable, missing: Set<number>): number {
  if (amount <= 0 || to <= from) return 0;
  let total = 0;
  let day = from;
  while (day < to) {
    const year = new Date(day * DAY_MS).getUTCFullYear();
    const yearEnd = Date.UTC(year + 1, 0, 1) / DAY_MS;
    const until = Math.min(to, yearEnd);
    total += (amount * rateOf(table, year, missing) * (until - day)) / 100 / 365;
    day = until;
  }
  return total;
}

interface OpenCharge {
  period: string;
  due: number;
  onTime: number;
  /** First day of interest once late. */
  interestFrom: number;
  /** Day after which no more interest accrues (insolvency), or Infinity. */
  interestUntil: number;
  charged: number;
  paid: number;
  /** Interest on the parts that were paid late. */
  interest: number;
}

/** Computes the account's figures as of `today` (YYYY-MM-DD). */
export function svAccountFigures(
  transactions: readonly SvInterestTransaction[],
  table: SvRateTable,
  today: string,
  options: SvFigureOptions = {},
): SvAccountFigures {
  const kind = options.kind ?? 'OEGK';
  const insolvencyDay = options.insolvencyFrom ? toDay(options.insolvencyFrom) : Number.POSITIVE_INFINITY;
  const missing = new Set<number>();
  const todayDay = toDay(today);
  const charges = new Map<string, OpenCharge>();
  const chargeOf = (period: string) => {
    let c = charges.get(period);
    if (!c) {
      const due = toDay(dueDateOf(period, kind));
      c = {
        period,
        due,
        onTime: due + PAYMENT_PERIOD_DAYS + GRACE_DAYS,
        interestFrom: due + INTEREST_FROM_DAY,
        interestUntil: due < insolvencyDay ? insolvencyDay : Number.POSITIVE_INFINITY,
        charged: 0,
        paid: 0,
        interest: 0,
      };
      charges.set(period, c);
    }
    return c;
  };
  /** Interest on `amount` of charge `c` outstanding until `day` (exclusive), when `day` is past its on-time window. */
  const lateInterest = (c: OpenCharge, amount: number, day: number) =>
    day > c.onTime ? interestBetween(amount, c.interestFrom, Math.min(day, c.interestUntil), table, missing) : 0;
  // Debits without a period (fees, interest charged by the insurer) fall due on their booking day.
  const periodOf = (t: SvInterestTransaction) => t.period ?? t.bookingDate.slice(0, 7);

  const sorted = [...transactions].sort((a, b) => (a.bookingDate < b.bookingDate ? -1 : a.bookingDate > b.bookingDate ? 1 : b.debit - a.debit));
  let balance = 0;
  const balanceOverTime: Array<{ date: string; balance: number }> = [];
  for (const t of sorted) {
    if (t.debit) chargeOf(periodOf(t)).charged += t.debit;
  }

  // Charges oldest first; `firstOpen` skips the ones already paid (payments go to the oldest first).
  const ordered = [...charges.values()].sort((a, b) => a.due - b.due);
  let firstOpen = 0;
  const settle = (c: OpenCharge, amount: number, day: number): number => {
    const open = round2(c.charged - c.paid);
    if (open <= 0 || amount <= 0.004) return 0;
    const take = Math.min(open, amount);
    c.interest += lateInterest(c, take, day);
    c.paid += take;
    return take;
  };

  /** Pays `amount` credited on `day` into open charges: the named period first, then the oldest. */
  const pay = (amount: number, day: number, named: string | null): number => {
    let left = amount;
    const namedCharge = named ? charges.get(named) : undefined;
    if (namedCharge) left -= settle(namedCharge, left, day);
    for (let i = firstOpen; i < ordered.length && left > 0.004; i++) {
      left -= settle(ordered[i], left, day);
    }
    while (firstOpen < ordered.length && round2(ordered[firstOpen].charged - ordered[firstOpen].paid) <= 0) firstOpen++;
    return left;
  };

  // Walk the bookings by day: debits open charges; credits (and any credit balance) pay them.
  for (const t of sorted) {
    balance = round2(balance + t.debit - t.credit);
    const day = toDay(t.valueDate ?? t.bookingDate);
    if (t.credit > 0) pay(t.credit, day, t.period);
    const last = balanceOverTime[balanceOverTime.length - 1];
    if (last && last.date === t.bookingDate) last.balance = balance;
    else balanceOverTime.push({ date: t.bookingDate, balance });
  }

  // What is still open runs interest until today once its on-time window has passed.
  const periods: SvPeriodFigures[] = [...charges.values()]
    .sort((a, b) => a.due - b.due)
    .map((c) => {
      const open = round2(c.charged - c.paid);
      const interest = c.interest + (open > 0 ? lateInterest(c, open, todayDay) : 0);
      return {
        period: c.period,
        dueDate: fromDay(c.due),
        onTimeUntil: fromDay(c.onTime),
        charged: round2(c.charged),
        paid: round2(c.paid),
        open,
        interest: round2(interest),
        daysOverdue: open > 0 ? Math.max(0, todayDay - c.due) : 0,
      };
    });
  const arrears = round2(periods.filter((p) => p.open > 0 && today > p.onTimeUntil).reduce((s, p) => s + p.open, 0));
  const interest = round2(periods.reduce((s, p) => s + p.interest, 0));
  return {
    balance,
    periods,
    arrears,
    interest,
    toPayToday: round2(Math.max(0, balance + interest)),
    missingRateYears: [...missing].sort(),
    balanceOverTime,
  };
}
