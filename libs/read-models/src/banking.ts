import type { BankAccess, BankAccount, BankImport, BankTransaction } from '@portal/contracts';
import type { CollectionSpec } from '@portal/read-store';
import { collection } from './collection';

/** An access as stored; validity and days left are computed for the day asked. */
export type StoredBankAccess = Omit<BankAccess, 'validity' | 'days_left'>;
/** An import as stored, with the last statement day it covers. */
export type StoredBankImport = BankImport & { last_to: string | null };
/** A transaction as stored, with the fields its list filters and searches by. */
export type StoredBankTransaction = BankTransaction & {
  abs_cents: number;
  search_refs: string;
  /** The status a user without dpv sees (matchStatusSeenOf: an allocation to a payroll document makes it matched): that user's filters and sorts read it. */
  match_status_without_payroll: BankTransaction['match_status'];
};

export interface BankAccountDay {
  id: string;
  account_id: string;
  client_no: number;
  /** The booking day (YYYY-MM-DD). */
  date: string;
  sum_cents: number;
  count: number;
}

export const BANK_ACCOUNTS = collection<BankAccount>('bank_accounts');
export const BANK_ACCESSES = collection<StoredBankAccess>('bank_accesses');
export const BANK_TRANSACTIONS = collection<StoredBankTransaction>('bank_transactions');
/** Per account and booking day: the sum and count of booked transactions (balance series, balances). */
export const BANK_ACCOUNT_DAYS = collection<BankAccountDay>('bank_account_days');
export const BANK_IMPORTS = collection<StoredBankImport>('bank_imports');

export const BANKING_COLLECTIONS: readonly CollectionSpec[] = [
  { name: BANK_ACCOUNTS, indexes: [['client_no', 'archived'], ['access_id']] },
  { name: BANK_ACCESSES, indexes: [['client_no', 'valid_until'], ['valid_until']] },
  {
    name: BANK_TRANSACTIONS,
    indexes: [
      ['account_id', 'booking_date'],
      ['client_no', 'account_id', 'booking_date'],
      ['client_no', 'booking_date'],
      ['client_no', 'match_status', 'booking_date'],
      ['client_no', 'match_status_without_payroll', 'booking_date'],
      ['account_id', 'status'],
      ['import_id'],
    ],
    fullText: ['counterparty_name', 'remittance', 'search_refs'],
  },
  { name: BANK_ACCOUNT_DAYS, indexes: [['account_id', 'date']] },
  { name: BANK_IMPORTS, indexes: [['client_no', 'imported_at']] },
];
