import { daysBetween, round2 } from './open-item.rules';

/**
 * Statutory late-payment interest between businesses: Austria § 456 UGB (base rate + 9.2 pp) with
 * § 458 UGB's € 40; Germany § 288 (2) BGB (base rate + 9 pp) with § 288 (5) BGB's € 40.
 * Base rates as data (effective from the date given); a new rate is one line here.
 */
export type InterestCountry = 'AT' | 'DE';

export const BASE_RATES: Record<InterestCountry, ReadonlyArray<{ from: string; rate: number }>> = {
  // Österreichische Nationalbank, Basiszinssatz (ECB main refinancing rate − 0.62 pp).
  AT: [
    { from: '2023-09-20', rate: 3.88 },
    { from: '2024-06-12', rate: 3.63 },
    { from: '2024-09-18', rate: 3.03 },
    { from: '2024-10-23', rate: 2.78 },
    { from: '2024-12-18', rate: 2.53 },
    { from: '2025-02-05', rate: 2.28 },
    { from: '2025-03-12', rate: 2.03 },
    { from: '2025-04-23', rate: 1.78 },
    { from: '2025-06-11', rate: 1.53 },
  ],
  // Deutsche Bundesbank, Basiszinssatz § 247 BGB (changes on 1 January and 1 July).
  DE: [
    { from: '2023-07-01', rate: 3.12 },
    { from: '2024-01-01', rate: 3.62 },
    { from: '2024-07-01', rate: 3.37 },
    { from: '2025-01-01', rate: 2.27 },
    { from: '2025-07-01', rate: 1.27 },
  ],
};

export const INTEREST_MARGIN: Record<InterestCountry, number> = { AT: 9.2, DE: 9 };
export const LATE_PAYMENT_FLAT_FEE = 40;
export const LATE_INTEREST_LAW: Record<InterestCountry, string> = { AT: '§ 456 UGB', DE: '§ 288 BGB' };

export function baseRateOn(country: InterestCountry, date: string): number {
  let rate = BASE_RATES[country][0]!.rate;
  for (const r of BASE_RATES[country]) if (r.from <= date) rate = r.rate;
  return rate;
}

export interface LateInterest {
  country: InterestCountry;
  law: string;
  days: number;
  /** Base rate + margin on the last day (percent a year). */
  rate: number;
  interest: number;
  flatFee: number;
}

/**
 * Simple interest on `amount` from the day after `dueDate` to `today`, day by day at the rate in force
 * (base rate + margin, actual/365), plus the flat fee once anything is overdue. Summed per base-rate period
 * (its days in the range × its daily interest), so an item years overdue costs as little as one a day late.
 */
export function lateInterest(country: InterestCountry, amount: number, dueDate: string, today: string): LateInterest {
  const days = Math.max(0, daysBetween(dueDate, today));
  const rates = BASE_RATES[country];
  let interest = 0;
  rates.forEach((r, k) => {
    // Days counted from the due date (1 to `days`). A rate is in force from its date (the first one also before)
    // to the day before the next one's.
    const from = k === 0 ? 1 : Math.max(1, daysBetween(dueDate, r.from));
    const next = rates[k + 1];
    const to = next ? Math.min(days, daysBetween(dueDate, next.from) - 1) : days;
    if (to >= from) interest += ((amount * (r.rate + INTEREST_MARGIN[country])) / 100 / 365) * (to - from + 1);
  });
  return {
    country,
    law: LATE_INTEREST_LAW[country],
    days,
    rate: round2(baseRateOn(country, today.slice(0, 10)) + INTEREST_MARGIN[country]),
    interest: round2(Math.max(0, interest)),
    flatFee: days > 0 && amount > 0 ? LATE_PAYMENT_FLAT_FEE : 0,
  };
}
