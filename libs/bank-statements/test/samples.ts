import { readFileSync } from 'node:fs';
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
