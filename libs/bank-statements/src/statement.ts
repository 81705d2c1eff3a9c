import type { StatementFormat } from '@portal/contracts';
import type { StatementEntry } from '@portal/domain';

/** booked: on the account; pending: not yet booked (camt PDNG, MT942, "vorgemerkt"); info: for information only. */
export type EntryStatus = 'booked' | 'pending' | 'info';

/** One entry as the file states it: the ledger's entry shape (without its id) and its status. */
export interface ParsedEntry extends StatementEntry {
  status: EntryStatus;
}

export interface StatementBalance {
  amountCents: number;
  date: string;
}

/** Counts and sums the file states beside its entries (MT942 :90D:/:90C:, camt TxsSummry), to check them against. */
export interface StatedTotals {
  debit: { count: number; cents: number } | null;
  credit: { count: number; cents: number } | null;
}

/**
 * One statement of a file, whatever its format: a camt Stmt (statement), Rpt (intraday report) or Ntfctn
 * (notification), one MT940/MT942 message, or the rows of one account in a CSV export.
 */
export interface BankStatement {
  format: StatementFormat;
  kind: 'statement' | 'report' | 'notification';
  statementId: string | null;
  /** camt ElctrncSeqNb / LglSeqNb, MT940 :28C:. */
  sequence: string | null;
  /** The account's IBAN; null when the file names none or names it otherwise (bank code and account number). */
  iban: string | null;
  /** The account as the file names it. */
  accountText: string | null;
  currency: string | null;
  bic: string | null;
  bankName: string | null;
  from: string | null;
  to: string | null;
  opening: StatementBalance | null;
  closing: StatementBalance | null;
  /** The balances are intermediate (MT940 :60M:/:62M:): the statement continues in the next message. */
  intermediate: { opening: boolean; closing: boolean };
  totals: StatedTotals | null;
  entries: ParsedEntry[];
}

/** A statement file read: its format, the bank it was recognised as coming from, its statements, and what was skipped. */
export interface StatementFile {
  format: StatementFormat;
  bank: string | null;
  statements: BankStatement[];
  /** Lines of a CSV export that are not rows (notes between them), 1-based. */
  skippedLines: number[];
  /** Members of a ZIP bundle that are no statement (a PDF of the statement, notes, a CSV, a ZIP inside), skipped. */
  skippedFiles?: string[];
  /** Lines of an MT940 file after a statement's end that belong to none (entries without account or balance). */
  strayLines?: number[];
  /** Booked camt entries naming neither booking nor value date, put on their statement's last day: where they are. */
  undatedEntries?: string[];
  /** A recognised CSV export's column titles and the lines above them; null for other formats. */
  table: { columns: string[]; delimiter: string; skipLines: number } | null;
}

/** A file that is not a statement the import can read, with the line or element where it went wrong. */
export class StatementParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatementParseError';
  }
}

/** What an entry needs; everything else defaults to empty. */
export type EntryFields = Pick<ParsedEntry, 'status' | 'bookingDate' | 'amountCents' | 'currency'> &
  Partial<Omit<ParsedEntry, 'status' | 'bookingDate' | 'amountCents' | 'currency'>>;

/** The fields of an entry, in the order newEntry writes them. */
const ENTRY_FIELDS = [
  'key',
  'status',
  'bookingDate',
  'valueDate',
  'amountCents',
  'currency',
  'reversal',
  'counterpartyName',
  'counterpartyIban',
  'counterpartyBic',
  'remittance',
  'reference',
  'endToEndId',
  'mandateId',
  'bankReference',
  'bankCode',
  'batchRef',
] as const;

/**
 * A new entry, every field written out: statements hold entries by the hundred thousand, and an object built
 * by spreading defaults and overriding some of them is many times slower to make and to keep.
 */
export function newEntry(f: EntryFields, over?: Partial<ParsedEntry>): ParsedEntry {
  const entry: ParsedEntry = {
    key: f.key ?? '',
    status: f.status,
    bookingDate: f.bookingDate,
    valueDate: f.valueDate ?? null,
    amountCents: f.amountCents,
    currency: f.currency,
    reversal: f.reversal ?? false,
    counterpartyName: f.counterpartyName ?? '',
    counterpartyIban: f.counterpartyIban ?? null,
    counterpartyBic: f.counterpartyBic ?? null,
    remittance: f.remittance ?? '',
    reference: f.reference ?? null,
    endToEndId: f.endToEndId ?? null,
    mandateId: f.mandateId ?? null,
    bankReference: f.bankReference ?? null,
    bankCode: f.bankCode ?? null,
    batchRef: f.batchRef ?? null,
  };
  // What `over` states (not undefined) replaces it: a loop over the fields, not a closure called per field (a
  // million calls for a large file).
  if (over)
    for (const k of ENTRY_FIELDS) {
      const value = over[k];
      if (value !== undefined) (entry as unknown as Record<string, unknown>)[k] = value;
    }
  return entry;
}

export const emptyEntryFields = {
  valueDate: null,
  reversal: false,
  counterpartyName: '',
  counterpartyIban: null,
  counterpartyBic: null,
  remittance: '',
  reference: null,
  endToEndId: null,
  mandateId: null,
  bankReference: null,
  bankCode: null,
  batchRef: null,
} satisfies Partial<ParsedEntry>;

export const noIntermediate = { opening: false, closing: false } as const;
