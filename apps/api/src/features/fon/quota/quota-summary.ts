import type { FonItemFacets, QuotaSummary } from '@portal/contracts';
import { computeQuota, type QuotaReturn } from '@portal/domain';
import { readLateKey, type QuotaCounts, type QuotaFilings } from '@portal/read-models';

/** The counted returns of an office as the quota computation reads them: one entry per filing day and sub-quota, the ones not filed, the late registrations. */
function returnsOf(counts: QuotaCounts, filings: readonly QuotaFilings[]): QuotaReturn[] {
  const out: QuotaReturn[] = [];
  let filed = 0;
  let businessFiled = 0;
  for (const month of filings) {
    for (const [day, n] of Object.entries(month.filed)) {
      const business = month.business_filed[day] ?? 0;
      const filedOn = `${month.month}-${day}`;
      if (business > 0) out.push({ counted: true, businessIncome: true, filedOn, count: business });
      if (n > business) out.push({ counted: true, businessIncome: false, filedOn, count: n - business });
      filed += n;
      businessFiled += business;
    }
  }
  const businessOpen = counts.business_base - businessFiled;
  if (businessOpen > 0) out.push({ counted: true, businessIncome: true, filedOn: null, count: businessOpen });
  const otherOpen = counts.base - filed - businessOpen;
  if (otherOpen > 0) out.push({ counted: true, businessIncome: false, filedOn: null, count: otherOpen });
  for (const [key, n] of Object.entries(counts.late)) {
    const { registeredOn, filedOn, business } = readLateKey(key);
    out.push({ counted: true, businessIncome: business, filedOn, count: n, registeredOn });
  }
  return out;
}

/** The quota of one tax office on `today` (QuRV § 4), from its counts and its filings per month. */
export function quotaSummaryOf(counts: QuotaCounts, filings: readonly QuotaFilings[], today: string, computedAt: string): QuotaSummary {
  const quota = computeQuota(counts.tax_year, returnsOf(counts, filings), today);
  return {
    id: counts.id,
    firm_id: counts.firm_id,
    tax_office: counts.tax_office,
    tax_office_name: counts.office_name ?? counts.tax_office,
    tax_year: counts.tax_year,
    ...quota,
    as_of: today,
    computed_at: computedAt,
  };
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
    tax_offices: [...all]
      .sort((a, b) => a.tax_office.localeCompare(b.tax_office))
      .map((c) => ({ code: c.tax_office, name: c.office_name ?? c.tax_office, items: c.items })),
    employees: Object.entries(employees)
      .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b, 'de')))
      .map(([name, items]) => ({ name: name === '' ? null : name, items })),
    statuses,
    conflict_kinds: conflicts,
    items: all.reduce((n, c) => n + c.items, 0),
  };
}
