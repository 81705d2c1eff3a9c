import type { CsvDateFormat } from './csv-dates';

/**
 * Banking: bank accounts per client, bank accesses (PSD2 consents) with their validity,
 * transactions from statement files, the sandbox bank or an aggregator, import history, and matches
 * of transactions to open items. Amounts are integer minor units (cents) of the record's currency,
 * signed: credits positive, debits negative. Dates are YYYY-MM-DD.
 */

/** Spec 3: bank account types. */
export const BANK_ACCOUNT_TYPES = ['checking', 'savings', 'securities', 'loan'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/** PSD2 RTS Art. 10a: an account-information consent lasts at most 180 days before the customer authenticates again. */
export const PSD2_MAX_VALID_DAYS = 180;
/** "Expiring soon" below this many days left (configurable per portal: PORTAL_BANK_WARNING_DAYS). */
export const DEFAULT_ACCESS_WARNING_DAYS = 14;

/** Where an access's transactions come from. */
export const BANK_ACCESS_SOURCES = ['sandbox', 'gocardless'] as const;
export type BankAccessSource = (typeof BANK_ACCESS_SOURCES)[number];

/**
 * Spec 4: valid, expiring soon, expires today / tomorrow / in N days, expired; plus revoked, and
 * pending while the customer has not yet given consent at the bank.
 */
export const ACCESS_VALIDITIES = ['valid', 'expiring', 'expired', 'revoked', 'pending'] as const;
export type AccessValidity = (typeof ACCESS_VALIDITIES)[number];

/**
 * Where an import's entries come from: an ISO 20022 message with its version ("camt.053.001.08"; camt.052
 * account report, camt.053 statement, camt.054 debit/credit notification; a message without namespace has no
 * version), SWIFT MT940 or MT942, a bank's CSV export, or an aggregator read.
 */
export type StatementFormat = `camt.05${'2' | '3' | '4'}${string}` | 'mt940' | 'mt942' | 'csv' | 'sandbox' | 'gocardless';

export interface BankAccount {
  /** `<client_no>-<IBAN>`: an IBAN is one account per client. */
  id: string;
  client_no: number;
  iban: string;
  bic: string | null;
  bank_name: string;
  type: BankAccountType;
  currency: string;
  label: string;
  opening_balance_cents: number;
  /** The opening balance is the balance at the start of this day; bookings from this day on count. */
  opening_date: string;
  archived: boolean;
  /** Opening balance plus every booked transaction from the opening date on. */
  balance_cents: number;
  booked_count: number;
  pending_count: number;
  last_booking_date: string | null;
  /** The newest statement's end date and closing balance as the bank reported them. */
  last_statement_date: string | null;
  last_statement_balance_cents: number | null;
  /** The access (connection) that covers the account, if any. */
  access_id: string | null;
  csv_mapping: CsvMapping | null;
  /** What the latest import of the account found when it reconciled the statements; null before any import (always answered; optional for older clients). */
  reconciliation?: AccountReconciliation | null;
  created_at: string;
  revision: number;
  updated_at: string;
}

/** The reconciliation findings of an account's latest statement import (empty when everything adds up). */
export interface AccountReconciliation {
  import_id: string;
  file_name: string;
  checked_at: string;
  warnings: ImportWarning[];
}

/** How a bank's CSV export maps to transaction fields: columns by header name. Saved on the account. */
export interface CsvMapping {
  /** Field separator; null detects ; , or tab. */
  delimiter: ';' | ',' | '\t' | null;
  decimal: ',' | '.';
  dateFormat: CsvDateFormat;
  /** Header lines before the column titles (banks put account data above the table). */
  skipLines: number;
  bookingDate: string;
  valueDate: string | null;
  /** A signed amount column, or separate debit and credit columns. */
  amount: string | null;
  debit: string | null;
  credit: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  remittance: string | null;
  reference: string | null;
  currency: string | null;
  /**
   * An export whose amounts carry no sign names the direction in a column of its own ("S"/"H", "Af"/"Bij",
   * "DR"/"CR"): that column, and the text in it that marks money paid out (any other text is money in).
   */
  debitMark?: string | null;
  debitMarkText?: string | null;
  /** The file has no column titles: the first line after the skipped ones is an entry, columns go by position. */
  headerless?: boolean;
  /**
   * An export of several accounts names each row's own account (its IBAN or account number) in a column: one
   * statement per account, each imported into the account it names.
   */
  ownAccount?: string | null;
  /** The account's balance after each booking (a running balance): the statement's opening and closing balances. */
  balanceAfter?: string | null;
  /** The row's state ("Completed", "Pending", "Declined" …): pending rows are pending entries, declined or reverted ones skipped. */
  status?: string | null;
  /** A fee charged beside each amount (Revolut's "Fee"): paid out on top of it, so the booking moves both. */
  fee?: string | null;
}

/** The names of the columns of a file without column titles: #1, #2 … (a mapping refers to them by these). */
export function positionalColumns(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `#${i + 1}`);
}

/**
 * `POST /api/banking/statements?preview=1`: what a file is before it is imported. `format` and `bank`: what the
 * file was recognised as (a bank CSV export by its header line, MT940/camt by the bank's BIC or name; null when
 * unknown). `accounts`: the accounts the file names; one without a valid IBAN needs the account chosen
 * (`needsAccount`). A CSV the portal does not recognise needs its column mapping: `columns` and the first `rows`
 * feed the mapping dialog. `warnings`: what reconciling the statements found (opening + entries against the
 * closing balance, consecutive statements), before anything is recorded.
 */
export interface StatementPreview {
  fileName: string;
  kind: 'camt' | 'zip' | 'mt940' | 'csv';
  columns: string[];
  rows: string[][];
  delimiter: string | null;
  ibans: string[];
  needsAccount: boolean;
  // The server always answers the fields below; optional only for clients written before they existed.
  format?: StatementFormat | null;
  bank?: string | null;
  /** A CSV export of a known bank is read with its ready mapping: the dialog asks for no columns. */
  recognised?: boolean;
  accounts?: StatementAccount[];
  statements?: number;
  entries?: number;
  warnings?: ImportWarning[];
}

/** An account as a statement file names it: its IBAN when it has one, else the text (bank code/account number). */
export interface StatementAccount {
  text: string | null;
  iban: string | null;
  statements: number;
}

export interface BankAccess {
  id: string;
  client_no: number;
  source: BankAccessSource;
  institution_id: string;
  institution_name: string;
  account_ids: string[];
  /** Consent given (last strong customer authentication); null while pending. */
  granted_at: string | null;
  valid_until: string | null;
  valid_days: number;
  revoked_at: string | null;
  /** The aggregator's requisition (gocardless) and the link the customer opens to give consent. */
  requisition_id: string | null;
  link: string | null;
  last_sync_at: string | null;
  revision: number;
  updated_at: string;
  /** Computed when answered, from the server's clock. */
  validity: AccessValidity;
  /** Whole days from today to the day the consent ends; negative once expired; null while pending or revoked. */
  days_left: number | null;
}

export type TransactionStatus = 'booked' | 'pending';
export type MatchStatus = 'unmatched' | 'partial' | 'matched';

export interface MatchAllocation {
  open_item_id: string;
  amount_cents: number;
  /** What the item's label was when matched (document number, party). */
  label: string;
  /** The item is a payroll document: only users with dpv see this allocation. */
  payroll?: boolean;
}

export interface TransactionMatch {
  match_id: string;
  allocations: MatchAllocation[];
  matched_at: string;
  matched_by: string;
}

export interface BankTransaction {
  id: string;
  client_no: number;
  account_id: string;
  status: TransactionStatus;
  booking_date: string;
  value_date: string | null;
  amount_cents: number;
  currency: string;
  direction: 'credit' | 'debit';
  /** A reversal (camt RvslInd, MT940 RC/RD). */
  reversal: boolean;
  counterparty_name: string;
  counterparty_iban: string | null;
  counterparty_bic: string | null;
  remittance: string;
  /** Structured creditor reference (RF…) or the customer reference. */
  reference: string | null;
  end_to_end_id: string | null;
  mandate_id: string | null;
  bank_reference: string | null;
  /** ISO bank transaction code or the MT940/camt proprietary code. */
  bank_code: string | null;
  /** Entries of one batch booking share this reference. */
  batch_ref: string | null;
  import_id: string;
  match_status: MatchStatus;
  matched_cents: number;
  matches: TransactionMatch[];
  updated_at: string;
}

/**
 * balance-mismatch: opening balance + entries ≠ closing balance; gap: a statement does not open with the previous
 * statement's closing balance; missing-balance: a statement states only one of its balances, so it cannot be
 * reconciled; totals-mismatch: the entries do not add up to the counts and sums the file states (MT942 :90D:/:90C:,
 * camt TxsSummry); account-unverified: the file names the account by a text that cannot be checked against the
 * chosen account's IBAN; skipped-lines: lines of a CSV export that are no rows (`current` names them);
 * stray-lines: lines of an MT940 file after a statement's end that belong to none (`current` names them);
 * skipped-files: members of a ZIP bundle that are no statement (a PDF, notes, a CSV; `current` names them);
 * undated-entries: booked camt entries naming neither booking nor value date, put on their statement's last day
 * (`current` names where they are).
 */
export type ImportWarningKind =
  | 'balance-mismatch'
  | 'gap'
  | 'sequence-gap'
  | 'already-imported'
  | 'currency-mismatch'
  | 'missing-balance'
  | 'totals-mismatch'
  | 'account-unverified'
  | 'skipped-lines'
  | 'stray-lines'
  | 'skipped-files'
  | 'undated-entries';

/** A finding of an import, with the numbers behind it (cents). */
export interface ImportWarning {
  kind: ImportWarningKind;
  /** The statement's id, sequence or position in the file. */
  statement: string;
  /** 1-based position of the statement in the file (labels may repeat). */
  statement_index?: number;
  account_id?: string;
  expected_cents?: number;
  actual_cents?: number;
  difference_cents?: number;
  previous?: string;
  current?: string;
  /** How many lines or files `current` names (skipped-lines, stray-lines, skipped-files): one reads in the singular. */
  count?: number;
}

export interface ImportedStatement {
  account_id: string;
  iban: string;
  statement_id: string | null;
  sequence: string | null;
  from: string | null;
  to: string | null;
  opening_cents: number | null;
  closing_cents: number | null;
  entries: number;
  added: number;
  duplicates: number;
  /** Entries not yet booked (camt PDNG, MT942): they replace the account's pending transactions. */
  pending?: number;
}

export interface BankImport {
  id: string;
  client_no: number;
  account_ids: string[];
  file_name: string;
  format: StatementFormat;
  /** The bank the file was recognised as coming from; null when unknown (always answered; optional for older clients). */
  bank?: string | null;
  imported_at: string;
  imported_by: string;
  statements: ImportedStatement[];
  added: number;
  duplicates: number;
  pending: number;
  skipped: number;
  /** Accounts the import created (a statement of an IBAN the client had no account for). */
  created_accounts: string[];
  warnings: ImportWarning[];
}

/** One day of an account's balance series (`bank-balances`). */
export interface BalancePoint {
  date: string;
  balance_cents: number;
}

export interface BankBalanceSeries {
  id: string;
  account_id: string;
  currency: string;
  points: BalancePoint[];
}

/** One row of the admin overview: an access or an account without access, with its numbers. */
export interface BankOverviewRow {
  id: string;
  client_no: number;
  company_name: string;
  kind: 'access' | 'account';
  access_id: string | null;
  institution_name: string;
  account_ids: string[];
  ibans: string[];
  validity: AccessValidity | null;
  days_left: number | null;
  valid_until: string | null;
  last_statement_date: string | null;
  /** Sum of the covered accounts' balances, by currency ("EUR" first). */
  balance_cents: number;
  currency: string;
  stale: boolean;
}

/** A bank the user can connect to (sandbox always; the aggregator's when configured). */
export interface BankInstitution {
  id: string;
  name: string;
  bic: string | null;
  source: BankAccessSource;
  max_valid_days: number;
  countries: string[];
}

/** A suggested match of a transaction to an open item, with the reasons and a confidence 0..100. */
export interface MatchSuggestion {
  id: string;
  transaction_id: string;
  open_item_id: string;
  label: string;
  open_cents: number;
  /** What the transaction would pay: the open amount, or that amount less cash discount (Skonto). */
  amount_cents: number;
  skonto_cents: number;
  confidence: number;
  reasons: Array<'reference' | 'invoice-number' | 'iban' | 'amount' | 'amount-skonto' | 'name'>;
}
