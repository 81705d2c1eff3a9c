import type { Contribution } from './quota-item';

/**
 * Per firm, tax year and tax office: the quota base and the filings per day (so the quota is computed without
 * reading every item), and the counts the item filters offer (states, conflict kinds, employees).
 */
export interface QuotaCounts {
  id: string;
  firm_id: string;
  tax_year: number;
  tax_office: string;
  office_name: string | null;
  items: number;
  base: number;
  business_base: number;
  filed: Record<string, number>;
  business_filed: Record<string, number>;
  statuses: Record<string, number>;
  conflicts: Record<string, number>;
  /** By responsible employee; '' for items without one. */
  employees: Record<string, number>;
}

export const countsIdOf = (firmId: string, taxYear: number, taxOffice: string) => `${firmId}|${taxYear}|${taxOffice}`;

export function emptyCounts(firmId: string, taxYear: number, taxOffice: string): QuotaCounts {
  return { id: countsIdOf(firmId, taxYear, taxOffice), firm_id: firmId, tax_year: taxYear, tax_office: taxOffice, office_name: null, items: 0, base: 0, business_base: 0, filed: {}, business_filed: {}, statuses: {}, conflicts: {}, employees: {} };
}

function bump(map: Record<string, number>, key: string, by: number): void {
  const n = (map[key] ?? 0) + by;
  if (n === 0) delete map[key];
  else map[key] = n;
}

/** The counts with one item's contribution replaced (`before` null: a new item). */
export function recount(counts: QuotaCounts, before: Contribution | null, after: Contribution): QuotaCounts {
  const next: QuotaCounts = { ...counts, filed: { ...counts.filed }, business_filed: { ...counts.business_filed }, statuses: { ...counts.statuses }, conflicts: { ...counts.conflicts }, employees: { ...counts.employees } };
  const add = (c: Contribution, sign: 1 | -1) => {
    next.items += sign;
    bump(next.statuses, c.status, sign);
    if (c.conflict) bump(next.conflicts, c.conflict, sign);
    bump(next.employees, c.employee ?? '', sign);
    if (!c.counted) return;
    next.base += sign;
    if (c.business) next.business_base += sign;
    if (c.filedOn) {
      bump(next.filed, c.filedOn, sign);
      if (c.business) bump(next.business_filed, c.filedOn, sign);
    }
  };
  if (before) add(before, -1);
  add(after, 1);
  return next;
}
