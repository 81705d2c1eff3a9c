/** The period filter of the reports: a month, a quarter, a year, or a custom range. */
export interface PeriodChoice {
  kind: 'month' | 'quarter' | 'year' | 'custom';
  year: number;
  /** Month 0-11 or quarter 0-3. */
  index: number;
  from: string;
  to: string;
}

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

export function periodOf(p: PeriodChoice): { from: string; to: string } {
  switch (p.kind) {
    case 'month':
      return { from: iso(p.year, p.index, 1), to: iso(p.year, p.index + 1, 0) };
    case 'quarter':
      return { from: iso(p.year, p.index * 3, 1), to: iso(p.year, p.index * 3 + 3, 0) };
    case 'year':
      return { from: iso(p.year, 0, 1), to: iso(p.year, 12, 0) };
    case 'custom':
      return { from: p.from, to: p.to };
  }
}
