import { lateKeyOf, type Contribution, type QuotaCounts, type QuotaFilings } from '@portal/read-models';

export const countsIdOf = (firmId: string, taxYear: number, taxOffice: string) => `${firmId}|${taxYear}|${taxOffice}`;
export const filingsIdOf = (countsId: string, month: string) => `${countsId}|${month}`;

export function emptyCounts(firmId: string, taxYear: number, taxOffice: string): QuotaCounts {
  return {
    id: countsIdOf(firmId, taxYear, taxOffice),
    firm_id: firmId,
    tax_year: taxYear,
    tax_office: taxOffice,
    office_name: null,
    items: 0,
    base: 0,
    business_base: 0,
    late: {},
    statuses: {},
    conflicts: {},
    employees: {},
  };
}

export function emptyFilings(counts: Pick<QuotaCounts, 'id' | 'firm_id' | 'tax_year' | 'tax_office'>, month: string): QuotaFilings {
  return {
    id: filingsIdOf(counts.id, month),
    firm_id: counts.firm_id,
    tax_year: counts.tax_year,
    tax_office: counts.tax_office,
    month,
    filed: {},
    business_filed: {},
  };
}

function bump(map: Record<string, number>, key: string, by: number): void {
  const n = (map[key] ?? 0) + by;
  if (n === 0) delete map[key];
  else map[key] = n;
}

/**
 * Adds (1) or takes away (−1) one item's contribution to its book's counts, in place: the caller owns the object
 * (a fresh read of the batch); copying the maps for every event was a fifth of a replay's time.
 */
export function countItem(counts: QuotaCounts, c: Contribution, sign: 1 | -1): void {
  counts.items += sign;
  bump(counts.statuses, c.status, sign);
  if (c.conflict) bump(counts.conflicts, c.conflict, sign);
  bump(counts.employees, c.employee ?? '', sign);
  if (!c.counted) return;
  if (c.lateOn) return bump(counts.late, lateKeyOf(c.lateOn, c.filedOn, c.business), sign);
  counts.base += sign;
  if (c.business) counts.business_base += sign;
}

/** The month whose filings record an item's filing (a counted return registered in time and filed), or null. */
export const filingMonthOf = (c: Contribution): string | null => (c.counted && !c.lateOn && c.filedOn ? c.filedOn.slice(0, 7) : null);

/** Adds (1) or takes away (−1) one item's filing in the filings of its month (filingMonthOf), in place. */
export function countFiling(filings: QuotaFilings, c: Contribution, sign: 1 | -1): void {
  const day = c.filedOn!.slice(8, 10);
  bump(filings.filed, day, sign);
  if (c.business) bump(filings.business_filed, day, sign);
}
