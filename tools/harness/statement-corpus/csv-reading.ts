import { centsOf, type ReadStatement, type Reading } from './reading';

/** Where a bank's CSV export keeps what the corpus compares: written by hand from the bank's published layout. */
export interface CsvLayout {
  delimiter: ';' | ',';
  /** Lines above the first row (the column titles and any account data). */
  skip: number;
  /** The booking date column: a line without a date there is no entry (a note between the rows). */
  date: number;
  /** The signed amount column; with `credit`, the debit column (its amounts taken as paid out, whatever their sign). */
  amount: number;
  /** The credit column of an export with separate debit and credit columns. */
  credit?: number;
  decimal: ',' | '.';
  /** The column naming the account a row is of: an export may hold several accounts, one statement each. */
  account?: number;
  /** A column and the texts in it that mark an entry as not yet booked. */
  pending?: { column: number; values: string[] };
  /** Texts an export writes in the date column instead of a date for an entry not yet booked (comdirect's "offen"). */
  pendingDates?: string[];
  /** An export whose amounts carry no sign: the column and the texts in it that mark money paid out ("Af", "S"). */
  sign?: { column: number; debit: string[] };
  /** A column and the texts in it that mark a line as no entry though it has a date (an opening or closing balance). */
  notEntries?: { column: number; values: string[] };
  /** The running balance column (the balance after each booking): the statement's opening and closing balances. */
  balance?: number;
}

/**
 * Opening and closing balance from the booked rows' running balances, in the order the file lists them: oldest first
 * when each balance is the one before plus the row's amount, newest first when each is the one after minus it. Null
 * when the balances follow neither order (the file does not say).
 */
function runningBalances(rows: Array<{ cents: number; balance: number | null }>): { opening: number; closing: number } | null {
  if (rows.length === 0 || rows.some((r) => r.balance === null)) return null;
  const b = rows.map((r) => r.balance!);
  const oldestFirst = rows.every((r, i) => i === 0 || b[i - 1]! + r.cents === b[i]);
  if (oldestFirst) return { opening: b[0]! - rows[0]!.cents, closing: b[b.length - 1]! };
  const newestFirst = rows.every((r, i) => i === 0 || b[i]! + rows[i - 1]!.cents === b[i - 1]);
  if (newestFirst) return { opening: b[b.length - 1]! - rows[rows.length - 1]!.cents, closing: b[0]! };
  return null;
}

/**
 * A booking date in any of the forms bank exports use: 31.12.2026, 31/12/26, 31-12-2026, 2026-12-31 or 2026/12/31
 * (with a time after it), 20261231, "December 31", "2026 December 31", "31 Dec 2026", "31-déc.-2026" or
 * "Dec 31, 2026". A line without one there is no entry.
 */
const BOOKING_DATE =
  /^\s*(\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}[-/]\d{2}[-/]\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?|\d{8}|(\d{4} )?[A-Z][a-z]+ \d{1,2}|\d{1,2}\.?[ -]\p{L}{3,}\.?[ -]\d{4}|\p{L}{3,}\.? \d{1,2},? \d{4})\s*$/u;

/** The lines of a file as rows of fields; quotes protect delimiters and line breaks, "" is a quote. */
function rowsOf(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      current += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) {
      row.push(current);
      current = '';
    } else if ((c === '\n' || c === '\r') && !quoted) {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(current);
      rows.push(row);
      row = [];
      current = '';
    } else current += c;
  }
  row.push(current);
  rows.push(row);
  return rows;
}

/** A bank CSV export: one statement per account of its rows (no balances), signed amounts. */
export function readCsv(text: string, layout: CsvLayout): Reading {
  const statements = new Map<string, ReadStatement>();
  const balances = new Map<string, Array<{ cents: number; balance: number | null }>>();
  const rows = rowsOf(text, layout.delimiter)
    .slice(layout.skip)
    .filter((r) => r.join('').trim() !== '');
  for (const row of rows) {
    const line = row.join(layout.delimiter);
    const undatedPending = layout.pendingDates?.includes((row[layout.date] ?? '').trim()) ?? false;
    if (!undatedPending && !BOOKING_DATE.test(row[layout.date] ?? '')) continue;
    if (layout.notEntries?.values.includes((row[layout.notEntries.column] ?? '').trim())) continue;
    const amountOf = (column: number) => {
      const raw = (row[column] ?? '').trim();
      if (layout.credit !== undefined && raw === '') return 0;
      // The number as a reader sees it: currency, spaces and apostrophes aside; a minus before or after it, or brackets, pay out.
      const text = raw.replace(/\u2212/g, '-').replace(/[^\d.,()+-]/g, '');
      const cents = centsOf(text.replace(/[()+-]/g, ''), layout.decimal);
      if (cents === null) throw new Error(`the corpus layout does not fit: amount "${raw}" in ${line}`);
      return text.startsWith('-') || text.endsWith('-') || text.startsWith('(') ? -cents : cents;
    };
    const paidOut = layout.sign !== undefined && layout.sign.debit.includes((row[layout.sign.column] ?? '').trim());
    const signed =
      layout.credit !== undefined
        ? amountOf(layout.credit) - Math.abs(amountOf(layout.amount))
        : layout.sign !== undefined
          ? (paidOut ? -1 : 1) * Math.abs(amountOf(layout.amount))
          : amountOf(layout.amount);
    const pending = undatedPending || (layout.pending && layout.pending.values.includes((row[layout.pending.column] ?? '').trim()));
    const account = layout.account === undefined ? '' : (row[layout.account] ?? '').trim();
    const statement = statements.get(account) ?? {
      account: account || null,
      opening: null,
      closing: null,
      booked: { count: 0, cents: 0 },
      pending: { count: 0, cents: 0 },
    };
    statements.set(account, statement);
    const bucket = pending ? statement.pending : statement.booked;
    bucket.count++;
    bucket.cents += signed;
    if (layout.balance !== undefined && !pending) {
      const raw = (row[layout.balance] ?? '').trim().replace(/[^\d.,-]/g, '');
      const cents = centsOf(raw.replace(/-/g, ''), layout.decimal);
      const rows = balances.get(account) ?? [];
      balances.set(account, rows);
      rows.push({ cents: signed, balance: cents === null ? null : raw.includes('-') ? -cents : cents });
    }
  }
  for (const [account, rows] of balances) {
    const found = runningBalances(rows);
    if (found) Object.assign(statements.get(account)!, found);
  }
  return { kind: 'statements', statements: [...statements.values()] };
}
