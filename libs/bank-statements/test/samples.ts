import { readFileSync } from 'node:fs';
import type { CsvMapping } from '@portal/contracts';
import { join } from 'node:path';
import { parseStatementFile, type StatementFileOptions } from '../src/read-statement-file';
import type { BankStatement } from '../src/statement';

/** The statement files written for the portal's own specs (in test/fixtures). */
export const sample = (name: string) => readFileSync(join(__dirname, 'fixtures', name));
export const sampleText = (name: string) => sample(name).toString('utf8');

/** A statement file given as text (UTF-8), read. */
export const readText = (text: string, options?: StatementFileOptions) => parseStatementFile(Buffer.from(text, 'utf8'), options);

/** Opening balance plus the booked entries is the closing balance. */
export const reconciles = (s: BankStatement) =>
  s.opening!.amountCents + s.entries.filter((e) => e.status === 'booked').reduce((sum, e) => sum + e.amountCents, 0) === s.closing!.amountCents;

/** A column mapping naming only the booking date and the amount (German formats). */
export const minimalMapping: CsvMapping = {
  delimiter: ';',
  decimal: ',',
  dateFormat: 'DD.MM.YYYY',
  skipLines: 0,
  bookingDate: 'Datum',
  valueDate: null,
  amount: 'Betrag',
  debit: null,
  credit: null,
  counterpartyName: null,
  counterpartyIban: null,
  remittance: null,
  reference: null,
  currency: null,
};
