import type { Company, FirmOverviewRow } from '@portal/contracts';

export const SORT_COLUMNS = [
  'company_no',
  'company_name',
  'company_place',
  'unconfirmed',
  'unbooked',
  'overdue_receivables',
  'overdue_payables',
  'invalid_einvoices',
  'last_upload',
  'last_export',
  'responsible_name',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

type Sortable = { company: Company; figures: FirmOverviewRow | undefined };

/** Compares two overview lines by a column; missing figures sort first. */
export function compareRows(a: Sortable, b: Sortable, column: SortColumn): number {
  const value = (l: Sortable): string | number | null => {
    if (column === 'company_no' || column === 'company_name' || column === 'company_place') return l.company[column];
    return l.figures?.[column] ?? null;
  };
  const x = value(a);
  const y = value(b);
  if (x === y) return a.company.company_no - b.company.company_no;
  if (x === null) return -1;
  if (y === null) return 1;
  return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
}
