import { positionalColumns, type CsvMapping } from '@portal/contracts';
import Papa from 'papaparse';
import { StatementParseError, type BankStatement } from '../statement';
import { csvAmount, csvDate } from './csv-values';
import { statementsOfRows, type CsvRow } from './csv-statements';
import { unescapedQuotes } from './csv-table';
import { rowState } from './row-state';

const MAPPED_COLUMNS = [
  'bookingDate',
  'valueDate',
  'amount',
  'debit',
  'credit',
  'counterpartyName',
  'counterpartyIban',
  'remittance',
  'reference',
  'currency',
  'debitMark',
  'ownAccount',
  'balanceAfter',
  'status',
  'fee',
] as const;

export interface CsvTable {
  delimiter: string;
  columns: string[];
  rows: string[][];
  /** 1-based line of the header in the file (the last skipped line, 0 for none, in a file without titles). */
  headerLine: number;
}

/**
 * The table of a CSV export: the header after `skipLines` lines, then the rows (empty lines dropped). A file
 * without column titles (`headerless`) has rows from there on, its columns named by position (#1, #2 …).
 */
export function readCsvTable(text: string, skipLines: number, delimiter: CsvMapping['delimiter'], headerless = false): CsvTable {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const body = lines.slice(skipLines).join('\n');
  const strict = Papa.parse<string[]>(body, { delimiter: delimiter ?? '', delimitersToGuess: [';', ',', '\t'], skipEmptyLines: 'greedy' });
  const quoteError = strict.errors.find((e) => e.type === 'Quotes');
  const lenient = quoteError ? unescapedQuotes(body, strict.meta.delimiter) : null;
  if (quoteError && !lenient) throw new StatementParseError(`Line ${skipLines + (quoteError.row ?? 0) + 2}: ${quoteError.message}.`);
  const parsed = lenient ? { data: lenient.filter((row) => row.join('').trim() !== ''), meta: strict.meta } : strict;
  if (headerless) {
    const width = Math.max(0, ...parsed.data.map((r) => r.length));
    return { delimiter: parsed.meta.delimiter, columns: positionalColumns(width), rows: parsed.data, headerLine: skipLines };
  }
  const [header, ...rows] = parsed.data;
  if (!header || header.length < 2) throw new StatementParseError(`Line ${skipLines + 1}: no column titles found; set the lines to skip above the table.`);
  return { delimiter: parsed.meta.delimiter, columns: header.map((c) => c.trim()), rows, headerLine: skipLines + 1 };
}

export interface MappedCsv {
  /** One statement, or one per own account when the mapping names the column of each row's account. */
  statements: BankStatement[];
  /** Lines that are no rows (a note under the table), 1-based. */
  skippedLines: number[];
}

/**
 * A CSV export the portal does not recognise, read through the column mapping the user saved for the account: one
 * statement, or one per account of the own-account column. A line with an amount, no booking date and a value date,
 * or a state column saying so, is a pending entry; a declined or reverted one is skipped; a row of only a remittance
 * text continues the entry above it; a line without a date is skipped when it has no amount, no date at all or a
 * label where the date goes (a note, a balance line); a line with an amount and a broken date is refused.
 */
export function readMappedCsv(text: string, mapping: CsvMapping, fallbackCurrency: string): MappedCsv {
  const table = readCsvTable(text, mapping.skipLines, mapping.delimiter, mapping.headerless === true);
  const index = new Map(table.columns.map((c, i) => [c.toLowerCase(), i]));
  const col: Partial<Record<(typeof MAPPED_COLUMNS)[number], number>> = {};
  for (const key of MAPPED_COLUMNS) {
    const name = mapping[key];
    if (name === null || name === undefined || name === '') continue;
    const i = index.get(name.trim().toLowerCase());
    if (i === undefined) throw new StatementParseError(`Column "${name}" is not in the file (columns: ${table.columns.join(', ')}).`);
    col[key] = i;
  }
  if (col.bookingDate === undefined) throw new StatementParseError('The column mapping needs the booking date column.');
  if (col.amount === undefined && (col.debit === undefined || col.credit === undefined))
    throw new StatementParseError('The column mapping needs an amount column, or a debit and a credit column.');
  const cell = (row: string[], key: keyof typeof col) => (col[key] === undefined ? '' : (row[col[key]!] ?? '').trim());
  const debitText = (mapping.debitMarkText ?? '').trim().toLowerCase();
  if (col.debitMark !== undefined && debitText === '')
    throw new StatementParseError(`The column mapping needs the text that marks a debit in the column "${mapping.debitMark}".`);
  const amountOf = (row: string[]): number | null => {
    if (col.amount !== undefined) {
      const amount = csvAmount(cell(row, 'amount'), mapping.decimal);
      if (amount === null || col.debitMark === undefined) return amount;
      return cell(row, 'debitMark').toLowerCase() === debitText ? -Math.abs(amount) : Math.abs(amount);
    }
    const credit = csvAmount(cell(row, 'credit'), mapping.decimal) ?? 0;
    const debit = csvAmount(cell(row, 'debit'), mapping.decimal) ?? 0;
    return cell(row, 'credit') === '' && cell(row, 'debit') === '' ? null : Math.abs(credit) - Math.abs(debit);
  };
  // A fee charged beside the amount is paid out on top of it: the booking moves both.
  const withFee = (row: string[], amount: number | null): number | null =>
    amount === null || col.fee === undefined ? amount : amount - Math.abs(csvAmount(cell(row, 'fee'), mapping.decimal) ?? 0);
  const rows: CsvRow[] = [];
  const skippedLines: number[] = [];
  /** Whether the row before was an entry or continued one. */
  let afterEntry = false;
  for (const [r, row] of table.rows.entries()) {
    const line = table.headerLine + r + 1;
    const state = col.status === undefined ? 'booked' : rowState(cell(row, 'status'));
    // A declined or reverted payment moved no money: it is no entry.
    if (state === 'void') {
      skippedLines.push(line);
      continue;
    }
    const booked = csvDate(cell(row, 'bookingDate'), [mapping.dateFormat]);
    const amountCents = withFee(row, amountOf(row));
    const valueText = cell(row, 'valueDate');
    const valueDate = valueText ? csvDate(valueText, [mapping.dateFormat]) : null;
    // An amount without a booking date is a payment the bank has not booked yet (a card payment still pending): a
    // pending entry on its value date.
    const pending = state === 'pending' || (!booked && amountCents !== null && cell(row, 'bookingDate') === '' && valueDate !== null);
    const bookingDate = booked ?? (pending ? valueDate : null);
    // A row of the table's width with neither date nor amount but a remittance text continues the entry above it
    // (French banks' exports write a long text over several rows); a note of one cell is no such row.
    const previous = rows[rows.length - 1];
    if (
      afterEntry &&
      previous &&
      cell(row, 'bookingDate') === '' &&
      amountCents === null &&
      cell(row, 'remittance') !== '' &&
      row.length >= table.columns.length
    ) {
      previous.remittance = `${previous.remittance} ${cell(row, 'remittance')}`.trim();
      continue;
    }
    afterEntry = false;
    // A label in the date column (a balance or total line, a note) marks a line that is no entry, as does a pending
    // payment without a value date to put it on.
    if (!bookingDate && (amountCents === null || cell(row, 'bookingDate') === '' || /\p{L}/u.test(cell(row, 'bookingDate')))) {
      skippedLines.push(line);
      continue;
    }
    if (!bookingDate) throw new StatementParseError(`Line ${line}: "${cell(row, 'bookingDate')}" is not a date (${mapping.dateFormat}).`);
    if (amountCents === null) throw new StatementParseError(`Line ${line}: "${cell(row, col.amount !== undefined ? 'amount' : 'debit')}" is not an amount.`);
    rows.push({
      line,
      ownAccount: cell(row, 'ownAccount').replace(/\s+/g, ' ') || null,
      bookingDate,
      valueDate,
      amountCents,
      currency: cell(row, 'currency') || null,
      status: pending ? 'pending' : 'booked',
      counterpartyName: cell(row, 'counterpartyName'),
      counterpartyIban: cell(row, 'counterpartyIban'),
      counterpartyBic: '',
      remittance: cell(row, 'remittance'),
      postingText: '',
      reference: cell(row, 'reference'),
      endToEndId: '',
      mandateId: '',
      bankReference: '',
      balanceAfter: col.balanceAfter === undefined ? null : csvAmount(cell(row, 'balanceAfter'), mapping.decimal),
    });
    afterEntry = true;
  }
  if (rows.length === 0) throw new StatementParseError(`Line ${table.headerLine + 1}: no row has a date (${mapping.dateFormat}) and an amount.`);
  const statements = statementsOfRows(rows, { bank: null, fallbackCurrency, ownAccount: null });
  return { statements: statements.map((s) => ({ ...s, currency: fallbackCurrency })), skippedLines };
}
