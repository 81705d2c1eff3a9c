import type { OpenItemKind } from '@portal/contracts';

/**
 * The arithmetic of open items, shared by the decider, the projection and the service: one place that
 * says what "outstanding", "overdue", "Skonto" and "ageing bucket" mean.
 */

/** The invoice facts an open item starts from. `gross` is negative for a credit note. */
export interface OpenItemTerms {
  documentId: number;
  clientNo: number;
  kind: OpenItemKind;
  gross: number;
  dueDate: string | null;
  discountPercent: number | null;
  discountDueDate: string | null;
}

export const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** Amounts below half a cent are settled. */
export const isSettled = (outstanding: number) => Math.abs(outstanding) < 0.005;

/** What remains after payments and discounts; a credit note (gross < 0) is settled towards zero from below. */
export function outstandingOf(gross: number, paidAndDiscounted: number): number {
  const sign = gross < 0 ? -1 : 1;
  return round2(gross - sign * paidAndDiscounted);
}

/** Whole days from `from` to `to` (YYYY-MM-DD or ISO), in UTC. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86_400_000);
}

/** Days past the due date on `today` (0 when not due or without a due date). */
export function daysOverdue(dueDate: string | null, today: string): number {
  if (!dueDate) return 0;
  return Math.max(0, daysBetween(dueDate, today));
}

export const AGEING_BUCKETS = ['not_due', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** The industry's ageing buckets: not due, 1–30, 31–60, 61–90, > 90 days overdue. */
export function ageingBucket(days: number): AgeingBucket {
  if (days <= 0) return 'not_due';
  if (days <= 30) return 'd1_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'd90_plus';
}

/** The due-date range (inclusive, YYYY-MM-DD, null = open) of a bucket on `today`: buckets are due-date ranges. */
export function dueDateRangeOf(bucket: AgeingBucket, today: string): { from: string | null; to: string | null } {
  const day = (offset: number) => new Date(Date.parse(today.slice(0, 10)) - offset * 86_400_000).toISOString().slice(0, 10);
  switch (bucket) {
    case 'not_due':
      return { from: day(0), to: null };
    case 'd1_30':
      return { from: day(30), to: day(1) };
    case 'd31_60':
      return { from: day(60), to: day(31) };
    case 'd61_90':
      return { from: day(90), to: day(61) };
    case 'd90_plus':
      return { from: null, to: day(91) };
  }
}

/**
 * The cash discount a payment on `date` earns: with a Skonto percentage and a deadline not yet passed,
 * a payment that covers the outstanding amount less the discount settles the rest as discount.
 */
export function discountFor(terms: OpenItemTerms, outstanding: number, amount: number, date: string, discountTaken: number): number {
  if (terms.gross <= 0 || !terms.discountPercent || !terms.discountDueDate || discountTaken > 0) return 0;
  if (date.slice(0, 10) > terms.discountDueDate) return 0;
  const eligible = round2((terms.gross * terms.discountPercent) / 100);
  const rest = round2(outstanding - amount);
  if (rest <= 0.005 || rest > eligible + 0.005) return 0;
  return rest;
}

/** Default dunning levels: days after the due date at which reminder 1, 2 and 3 may be sent. */
export const DEFAULT_DUNNING_DAYS: readonly [number, number, number] = [14, 28, 42];
