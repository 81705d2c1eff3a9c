import type { StatementFormat } from '@portal/contracts';

/** One entry of a statement as read from the file, before it is given an id. */
export interface ParsedEntry {
  /** Recognises the entry again in a re-imported statement: the bank's reference, else a hash of its content and occurrence. */
  key: string;
  status: 'booked' | 'pending' | 'info';
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
  reference: string | null;
  endToEndId: string | null;
  mandateId: string | null;
  bankReference: string | null;
  bankCode: string | null;
  batchRef: string | null;
}

export interface StatementBalance {
  amountCents: number;
  date: string;
}

/** One statement (camt Stmt, one MT940 message, or a whole CSV file). */
export interface ParsedStatement {
  format: StatementFormat;
  statementId: string | null;
  /** camt ElctrncSeqNb / LglSeqNb, MT940 :28C:. */
  sequence: string | null;
  /** The account's IBAN; null when the file names none (CSV, MT940 with bank code and account number). */
  iban: string | null;
  /** The account as the file names it when it is not an IBAN. */
  accountText: string | null;
  currency: string | null;
  bic: string | null;
  bankName: string | null;
  from: string | null;
  to: string | null;
  opening: StatementBalance | null;
  closing: StatementBalance | null;
  entries: ParsedEntry[];
}

/** A file that is not a statement we can read, with the line or element where it went wrong. */
export class StatementParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatementParseError';
  }
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
