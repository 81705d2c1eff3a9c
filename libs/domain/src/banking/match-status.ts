import type { MatchStatus } from '@portal/contracts';
import { centsText } from './money.rules';

type Coverage = { matched_cents: number; match_status: MatchStatus };
type Matches<A> = ReadonlyArray<{ allocations: ReadonlyArray<A> }>;

/**
 * How much of a transaction its matches cover, and so its match status: nothing (unmatched), all of its
 * amount (matched) or part of it (partial).
 */
export function matchStatusOf(amountCents: number, matches: Matches<{ amount_cents: number }>): Coverage {
  const matched = matches.reduce((s, m) => s + m.allocations.reduce((t, a) => t + a.amount_cents, 0), 0);
  return { matched_cents: matched, match_status: matched === 0 ? 'unmatched' : matched === amountCents ? 'matched' : 'partial' };
}

/**
 * The coverage one reader sees when some allocations are hidden from it (a payroll document without dpv).
 * Without a hidden allocation: what the visible ones cover. With one, the transaction is covered for the
 * reader: matched, nothing left to suggest or allocate, and no amount of the hidden allocations shown. What is
 * left would tell their sum, so a transaction they cover only in part is finished by a reader who sees them.
 */
export function matchStatusSeenOf(amountCents: number, matches: Matches<{ amount_cents: number; hidden: boolean }>): Coverage {
  if (matches.some((m) => m.allocations.some((a) => a.hidden))) return { matched_cents: amountCents, match_status: 'matched' };
  return matchStatusOf(amountCents, matches);
}

/** What is left of a transaction to allocate, as its coverage shows it. */
export const leftToMatch = (amountCents: number, coverage: Pick<Coverage, 'matched_cents'>): number => amountCents - coverage.matched_cents;

/** The refusal of allocations beyond what is left of the transaction, or null when they fit. */
export function overAllocation(wantedCents: number, leftCents: number): string | null {
  return Math.abs(wantedCents) > Math.abs(leftCents)
    ? `The allocations (${centsText(wantedCents)}) exceed what is left of the transaction (${centsText(leftCents)}).`
    : null;
}
