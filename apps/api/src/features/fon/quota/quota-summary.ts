import type { FonItemFacets, QuotaSummary } from '@portal/contracts';
import { computeQuota, type QuotaReturn } from '@portal/domain';
import type { QuotaCounts } from '@portal/projector';

/** The counted returns of an office as the quota computation reads them, rebuilt from the counts. */
function returnsOf(counts: QuotaCounts): QuotaReturn[] {
  const out: QuotaReturn[] = [];
  const business = { ...counts.business_filed };
  let businessLeft = counts.business_base;
  for (const [date, n] of Object.entries(counts.filed)) {
    for (let i = 0; i < n; i++) {
      const isBusiness = (business[date] ?? 0) > 0;
      if (isBusiness) {
        business[date]!--;
        businessLeft--;
      }
      out.push({ counted: true, businessIncome: isBusiness, filedOn: date });
    }
  }
  const filed = out.length;
  for (let i = 0; i < counts.base - filed; i++) out.push({ counted: true, businessIncome: i < businessLeft, filedOn: null });
  return out;
}

/** The quota of one tax office on `today` (QuRV § 4), from its counts. */
export function quotaSummaryOf(counts: QuotaCounts, today: string, computedAt: string): QuotaSummary {
  const quota = computeQuota(counts.tax_year, returnsOf(counts), today);
  return { id: counts.id, firm_id: counts.firm_id, tax_office: counts.tax_office, tax_office_name: counts.office_name ?? counts.tax_office, tax_year: counts.tax_year, ...quota, computed_at: computedAt };
}

/** The filter choices of the items tab: offices, employees (by name), states and conflict kinds with counts. */
export function facetsOf(all: readonly QuotaCounts[]): FonItemFacets {
  const add = (into: Record<string, number>, from: Record<string, number>) => {
    for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
  };
  const employees: Record<string, number> = {};
  const statuses: Record<string, number> = {};
  const conflicts: Record<string, number> = {};
  for (const c of all) {
    add(employees, c.employees);
    add(statuses, c.statuses);
    add(conflicts, c.conflicts);
  }
  return {
    tax_offices: [...all].sort((a, b) => a.tax_office.localeCompare(b.tax_office)).map((c) => ({ code: c.tax_office, name: c.office_name ?? c.tax_office, items: c.items })),
    employees: Object.entries(employees).sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b, 'de'))).map(([name, items]) => ({ name: name === '' ? null : name, items })),
    statuses,
    conflict_kinds: conflicts,
    items: all.reduce((n, c) => n + c.items, 0),
  };
}
