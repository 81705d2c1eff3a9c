import type { MatchStatus } from '@portal/contracts';

/**
 * How much of a transaction its matches cover, and so its match status: nothing (unmatched), all of its
 * amount (matched) or part of it (partial). Reckoned from the allocations one reader sees, so a hidden
 * allocation (a payroll document without dpv) shows neither in the amount nor in the status.
 */
export function matchStatusOf(amountCents: number, matches: ReadonlyArray<{ allocations: ReadonlyArray<{ amount_cents: number }> }>): { matched_cents: number; match_status: MatchStatus } {
  const matched = matches.reduce((s, m) => s + m.allocations.reduce((t, a) => t + a.amount_cents, 0), 0);
  return { matched_cents: matched, match_status: matched === 0 ? 'unmatched' : matched === amountCents ? 'matched' : 'partial' };
}
