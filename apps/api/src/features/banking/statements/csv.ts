import type { CsvMapping } from '@portal/contracts';
import { isValidIban, normalizeIban, toCents } from '@portal/domain';
import Papa from 'papaparse';
import { withKeys } from './entry-keys';
import { emptyEntryFields, StatementParseError, type ParsedEntry, type ParsedStatement } from './statement';

const MAPPED_COLUMNS = ['bookingDate', 'valueDate', 'amount', 'debit', 'credit', 'counterpartyName', 'counterpartyIban', 'remittance', 'reference', 'currency'] as const;

export interface CsvTable {
  delimiter: string;
  columns: string[];
  rows: string[][];
  /** 1-based line of the header in the file. */
  headerLine: number;
}

/** The table of a CSV export: the header after `skipLines` lines, then the rows (empty lines dropped). */
export function readCsvTable(text: string, skipLines: number, delimiter: CsvMapping['delimiter']): CsvTable {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const body = lines.slice(skipLines).join('\n');
  const parsed = Papa.parse<string[]>(body, { delimiter: delimiter ?? '', delimitersToGuess: [';', ',', '\t'], skipEmptyLines: 'greedy' });
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) throw new StatementParseError(`Line ${skipLines + (quoteError.row ?? 0) + 2}: ${quoteError.message}.`);
  const [header, ...rows] = parsed.data;
  if (!header || header.length < 2) throw new StatementParseError(`Line ${skipLines + 1}: no column titles found; set the lines to skip above the table.`);
  return { delimiter: parsed.meta.delimiter, columns: header.map((c) => c.trim()), rows, headerLine: skipLines + 1 };
}

function dateOf(value: string, format: CsvMapping['dateFormat']): string | null {
  const v = value.trim();
  const patterns: Record<CsvMapping['dateFormat'], RegExp> = {
    'DD.MM.YYYY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{4})$/,
    'DD.MM.YY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{2})$/,
    'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/,
    'MM/DD/YYYY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/,
  };
  const g = patterns[format].exec(v)?.groups;
  if (!g) return null;
  const year = g.y!.length === 2 ? `20${g.y}` : g.y!;
  const iso = `${year}-${g.m!.padStart(2, '0')}-${g.d!.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : null;
}

/** "1.234,56", "-1234.56", "1 234,56-", "+12,00": signed cents; thousands separators of the other kind are dropped. */
function amountOf(value: string, decimal: CsvMapping['decimal']): number | null {
  let v = value.trim().replace(/[\s\u00a0']/g, '').replace(/(EUR|€)$/i, '');
  if (v === '') return null;
  let negative = false;
  if (v.endsWith('-')) {
    negative = true;
    v = v.slice(0, -1);
  }
  v = decimal === ',' ? v.replace(/\./g, '') : v.replace(/,/g, '');
  const cents = toCents(v, decimal);
  return cents === null ? null : negative ? -cents : cents;
}

/** A bank's CSV export read through the column mapping saved for the bank: one statement of booked entries. */
export function parseCsv(text: string, mapping: CsvMapping, fallbackCurrency: string): ParsedStatement {
  const table = readCsvTable(text, mapping.skipLines, mapping.delimiter);
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
  if (col.amount === undefined && (col.debit === undefined || col.credit === undefined)) throw new StatementParseError('The column mapping needs an amount column, or a debit and a credit column.');
  const cell = (row: string[], key: keyof typeof col) => (col[key] === undefined ? '' : (row[col[key]!] ?? '').trim());
  const entries: Array<Omit<ParsedEntry, 'key'>> = table.rows.map((row, r) => {
    const line = table.headerLine + r + 1;
    const bookingDate = dateOf(cell(row, 'bookingDate'), mapping.dateFormat);
    if (!bookingDate) throw new StatementParseError(`Line ${line}: "${cell(row, 'bookingDate')}" is not a date (${mapping.dateFormat}).`);
    const valueText = cell(row, 'valueDate');
    let amountCents: number | null;
    if (col.amount !== undefined) amountCents = amountOf(cell(row, 'amount'), mapping.decimal);
    else {
      const credit = amountOf(cell(row, 'credit'), mapping.decimal) ?? 0;
      const debit = amountOf(cell(row, 'debit'), mapping.decimal) ?? 0;
      amountCents = cell(row, 'credit') === '' && cell(row, 'debit') === '' ? null : Math.abs(credit) - Math.abs(debit);
    }
    if (amountCents === null) throw new StatementParseError(`Line ${line}: "${cell(row, col.amount !== undefined ? 'amount' : 'debit')}" is not an amount.`);
    const iban = normalizeIban(cell(row, 'counterpartyIban'));
    return {
      ...emptyEntryFields,
      status: 'booked' as const,
      bookingDate,
      valueDate: valueText ? dateOf(valueText, mapping.dateFormat) : null,
      amountCents,
      currency: /^[A-Z]{3}$/.test(cell(row, 'currency')) ? cell(row, 'currency') : fallbackCurrency,
      counterpartyName: cell(row, 'counterpartyName'),
      counterpartyIban: iban && isValidIban(iban) ? iban : null,
      remittance: cell(row, 'remittance').replace(/\s+/g, ' '),
      reference: cell(row, 'reference') || null,
    };
  });
  const dates = entries.map((e) => e.bookingDate).sort();
  return {
    format: 'csv',
    statementId: null,
    sequence: null,
    iban: null,
    accountText: null,
    currency: fallbackCurrency,
    bic: null,
    bankName: null,
    from: dates[0] ?? null,
    to: dates[dates.length - 1] ?? null,
    opening: null,
    closing: null,
    entries: withKeys(entries),
  };
}
