import type { FonReturnType } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';
import type { DetectedConflict, FonSide, NtcsSide } from './fon-records.rules';

/**
 * The quota book of one firm, tax office and tax year: the returns FinanzOnline and NTCS report, their
 * conflicts, and what people decided about them. Imports apply their rows; the same rows again change nothing.
 */
export type ItemKey = { itemId: string; taxId: string; returnType: FonReturnType };

/** `created`: the first data of this return in the book (an import counts it as new). */
export type FonItemFonChanged = DomainEvent<'FonItemFonChanged', ItemKey & { fon: FonSide | null; importId: string; created?: true }>;
export type FonItemNtcsChanged = DomainEvent<'FonItemNtcsChanged', ItemKey & { ntcs: NtcsSide | null; importId: string; created?: true }>;
export type FonConflictOpened = DomainEvent<'FonConflictOpened', { conflictId: string; itemId: string } & DetectedConflict>;
/** A later import agrees: the conflict is gone. */
export type FonConflictClosed = DomainEvent<'FonConflictClosed', { conflictId: string; itemId: string; importId: string }>;
export type FonConflictResolvedManually = DomainEvent<'FonConflictResolvedManually', { conflictId: string; itemId: string; remark: string }>;
export type FonItemRelevanceSet = DomainEvent<'FonItemRelevanceSet', { itemId: string; notRelevant: boolean; remark: string | null }>;
export type FonNtcsImported = DomainEvent<'FonNtcsImported', { importId: string }>;

export type QuotaBookEvent =
  FonItemFonChanged | FonItemNtcsChanged | FonConflictOpened | FonConflictClosed | FonConflictResolvedManually | FonItemRelevanceSet | FonNtcsImported;
export const QUOTA_BOOK_EVENT_TYPES: readonly QuotaBookEvent['type'][] = [
  'FonItemFonChanged',
  'FonItemNtcsChanged',
  'FonConflictOpened',
  'FonConflictClosed',
  'FonConflictResolvedManually',
  'FonItemRelevanceSet',
  'FonNtcsImported',
];

export const quotaBookStreamId = (firmId: string, taxYear: number, taxOffice: string) => `fon-quota-${firmId}-${taxYear}-${taxOffice}`;

/** The firm, tax year and tax office of a quota book's stream id (the firm id may contain dashes), or null. */
export function quotaBookOf(streamId: string): { firmId: string; taxYear: number; taxOffice: string } | null {
  const match = /^fon-quota-(.+)-([^-]+)-([^-]*)$/.exec(streamId);
  return match ? { firmId: match[1]!, taxYear: Number(match[2]), taxOffice: match[3]! } : null;
}
