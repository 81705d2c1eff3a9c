// The VAT rates each country has charged since 2010 (standard, reduced, parking and temporary ones), as data.
// A rate the seller's country never charged is a misreading (or a rate of another tax), not a VAT rate.
const RATES: Record<string, readonly number[]> = {
  AT: [20, 19, 13, 12, 10, 5],
  BE: [21, 12, 6],
  BG: [20, 9],
  CH: [8.1, 8, 7.7, 7.6, 3.8, 3.7, 3.5, 2.6, 2.5, 2.4],
  CY: [19, 15, 9, 8, 5, 3],
  CZ: [21, 20, 15, 14, 12, 10],
  DE: [19, 16, 7, 5],
  DK: [25],
  EE: [24, 22, 20, 13, 9, 5],
  ES: [21, 18, 10, 8, 5, 4],
  FI: [25.5, 24, 23, 22, 14, 13, 10, 9],
  FR: [20, 19.6, 10, 8.5, 7, 5.5, 2.1, 1.05],
  GB: [20, 17.5, 15, 12.5, 5],
  GR: [24, 23, 17, 16, 13, 9, 6.5, 6, 4],
  HR: [25, 23, 13, 10, 5],
  HU: [27, 25, 18, 5],
  IE: [23, 21, 13.5, 13, 12, 9, 4.8],
  IT: [22, 21, 20, 10, 5, 4],
  LT: [21, 12, 9, 5],
  LU: [17, 16, 15, 14, 13, 12, 8, 7, 6, 3],
  LV: [22, 21, 12, 10, 5],
  MT: [18, 7, 5],
  NL: [21, 19, 9, 6],
  NO: [25, 15, 14, 12, 11, 10, 8],
  PL: [23, 22, 8, 7, 5, 3],
  PT: [23, 22, 21, 20, 18, 16, 13, 12, 9, 6, 5, 4],
  RO: [24, 21, 20, 19, 11, 9, 5],
  SE: [25, 12, 6],
  SI: [22, 20, 9.5, 8.5, 5],
  SK: [23, 20, 19, 10, 5],
};

/** Whether `rate` is 0 or a VAT rate the country has charged; true when the country is unknown. */
export function plausibleVatRate(rate: number, country: string | undefined): boolean {
  const known = country ? RATES[country] : undefined;
  return rate === 0 || !known || known.includes(rate);
}
