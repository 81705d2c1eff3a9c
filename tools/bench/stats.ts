/** Percentiles and min/median/max summaries for the benchmark tables. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function sortNumbers(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

export interface Spread {
  min: number;
  median: number;
  max: number;
  runs: number[];
}

export function spread(runs: readonly number[]): Spread {
  const s = sortNumbers(runs.filter((v) => Number.isFinite(v)));
  if (s.length === 0) return { min: NaN, median: NaN, max: NaN, runs: [...runs] };
  const mid = s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  return { min: s[0]!, median: mid, max: s[s.length - 1]!, runs: [...runs] };
}

export const mib = (bytes: number) => bytes / 1048576;
