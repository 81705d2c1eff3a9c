import type { ReportLine, ReportResult } from './reports';

export interface ComparisonMoment {
  asOf: string | null;
  asOfPosition: number | null;
  lines: ReportLine[];
}

/** One line of an as-of comparison: its value at the earlier and the later moment and the difference later − earlier. */
export interface ComparisonRow {
  key: string;
  line: ReportLine;
  earlier: number | null;
  later: number | null;
  difference: number | null;
  changed: boolean;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * An as-of comparison reads forward in time whichever moment was asked first: the earlier moment (the lower log
 * position) left, the later right, the difference as later minus earlier. Null without a comparison.
 */
export function comparisonInTimeOrder(result: ReportResult): { earlier: ComparisonMoment; later: ComparisonMoment; rows: ComparisonRow[] } | null {
  const compare = result.compare;
  if (!compare) return null;
  const shown: ComparisonMoment = { asOf: result.asOf, asOfPosition: result.asOfPosition, lines: result.lines };
  const other: ComparisonMoment = { asOf: compare.asOf, asOfPosition: compare.asOfPosition, lines: compare.lines };
  const [earlier, later] = compare.position <= result.position ? [other, shown] : [shown, other];
  const changed = new Set(compare.changes.map((c) => c.key));
  const before = new Map(earlier.lines.map((l) => [l.key, l]));
  const after = new Map(later.lines.map((l) => [l.key, l]));
  const keys = [...new Set([...earlier.lines.map((l) => l.key), ...later.lines.map((l) => l.key)])];
  const rows = keys.map((key) => {
    const was = before.get(key)?.value ?? null;
    const is = after.get(key)?.value ?? null;
    return {
      key,
      line: (after.get(key) ?? before.get(key))!,
      earlier: was,
      later: is,
      difference: was === null && is === null ? null : round((is ?? 0) - (was ?? 0)),
      changed: changed.has(key),
    };
  });
  return { earlier, later, rows };
}
