import type { DomainEvent } from '../shared/decider';

/**
 * One entry as a bank statement states it, the same from every format (camt, MT940/MT942, bank CSV, aggregator):
 * what the parsers read and what the ledger records. `key` recognises the entry when it comes again (the bank's
 * reference, else a hash of its content and occurrence).
 */
export interface StatementEntry {
  key: string;
  bookingDate: string;
  valueDate: string | null;
  /** Signed: credits positive, debits negative (a reversal carries the sign of its own booking). */
  amountCents: number;
  currency: string;
  reversal: boolean;
  counterpartyName: string;
  counterpartyIban: string | null;
  counterpartyBic: string | null;
  remittance: string;
  /** Structured creditor reference (RF...) or the customer reference. */
  reference: string | null;
  endToEndId: string | null;
  mandateId: string | null;
  bankReference: string | null;
  /** ISO bank transaction code (domain-family-subfamily), else the bank's own code (GV code, SWIFT type). */
  bankCode: string | null;
  /** The parts of one batch booking share the key of the booking they were split from. */
  batchRef: string | null;
}

/** One transaction as the ledger records it: a statement entry with its id. */
export interface LedgerEntry extends StatementEntry {
  id: string;
}

export interface Allocation {
  openItemId: string;
  amountCents: number;
  label: string;
}

export type TransactionsRecorded = DomainEvent<'TransactionsRecorded', { importId: string; client_no: number; accountId: string; entries: LedgerEntry[] }>;
export type TransactionMatched = DomainEvent<'TransactionMatched', { matchId: string; transactionId: string; allocations: Allocation[] }>;
export type MatchUndone = DomainEvent<'MatchUndone', { matchId: string; transactionId: string; allocations: Allocation[] }>;
export type BankLedgerEvent = TransactionsRecorded | TransactionMatched | MatchUndone;

export const BANK_LEDGER_EVENT_TYPES = ['TransactionsRecorded', 'TransactionMatched', 'MatchUndone', 'PendingTransactionsReplaced'] as const;

/** The booking quarter of a date ("2026-Q1"): one ledger stream per account and quarter. */
export const ledgerPeriodOf = (bookingDate: string) => `${bookingDate.slice(0, 4)}-Q${Math.floor((Number(bookingDate.slice(5, 7)) - 1) / 3) + 1}`;

/** Booked transactions of one account and booking quarter: a stream small enough to load per command. */
export const bankLedgerStreamId = (accountId: string, bookingDate: string) => `bank-ledger-${accountId}-${ledgerPeriodOf(bookingDate)}`;

/** Recorded events carry at most this many entries, so a 50,000-entry statement is not one huge event. */
export const ENTRIES_PER_EVENT = 500;
