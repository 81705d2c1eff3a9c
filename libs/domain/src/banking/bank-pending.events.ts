import type { DomainEvent } from '../shared/decider';
import type { LedgerEntry } from './bank-ledger.events';

export type PendingTransactionsReplaced = DomainEvent<
  'PendingTransactionsReplaced',
  { importId: string; client_no: number; accountId: string; entries: LedgerEntry[] }
>;
export type BankPendingEvent = PendingTransactionsReplaced;

/** The account's pending transactions: each import from a source replaces them as a whole. */
export const bankPendingStreamId = (accountId: string) => `bank-pending-${accountId}`;
