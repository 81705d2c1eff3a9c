import { ibanInAccountText } from '../account-text';
import { validIban } from '../iban';
import { StatementParseError, type BankStatement, type StatementBalance } from '../statement';
import { HEADER_PROFILES, POSITIONAL_PROFILES, type HeaderProfile, type PositionalProfile } from './bank-profiles';
import { csvLines, type CsvLines } from './csv-table';
import { csvAmount, csvDate } from './csv-values';
import { rowState } from './row-state';
import { statementsOfRows, type CsvRow } from './csv-statements';

export interface BankCsv {
  bank: string;
  statements: BankStatement[];
  /** Lines between the rows that are no rows (notes), 1-based. */
  skippedLines: number[];
  columns: string[];
  delimiter: string;
  /** Lines above the column titles. */
  skipLines: number;
}

const norm = (title: string) =>
  title
    .trim()
    .replace(/^\uFEFF/, '')
    .toLowerCase();
/** Banks put account data above the table: the column titles are looked for in the first lines. */
const HEADER_SEARCH_LINES = 40;
/** The booking day of a pending row that has no date at all, until the export's newest booking day replaces it. */
const UNDATED = 'undated';
/** The label of a balance on a line of its own beside the table (see balancesBeside). */
const BALANCE_LINE = /^(letzter|alter|neuer) kontostand$/i;

/** A CSV export of a bank the portal knows, recognised by its column titles (or, without titles, by its rows); null otherwise. */
export function readBankCsv(text: string): BankCsv | null {
  const table = csvLines(text);
  const header = headerIn(table.rows.slice(0, HEADER_SEARCH_LINES));
  if (header) {
    const { sectionTitle } = header.profile;
    return (sectionTitle && readSections(table, sectionTitle)) || readWithHeader(table, header.position, header.profile);
  }
  const first = table.rows[0];
  const positional = first && POSITIONAL_PROFILES.find((p) => fitsShape(first.cells, p));
  return positional ? readPositional(table, positional) : null;
}

/** The first line of column titles of an export the portal knows among these lines, and the export's profile. */
function headerIn(rows: CsvLines['rows']): { position: number; profile: HeaderProfile } | null {
  for (const [position, row] of rows.entries()) {
    const titles = row.cells.map(norm);
    const profile = HEADER_PROFILES.find((p) => p.identify.every((group) => group.some((t) => titles.includes(norm(t)))));
    if (profile) return { position, profile };
  }
  return null;
}

/**
 * An export of several accounts in sections, each under a title line of its own with its balances and column titles
 * (comdirect: "Umsätze Girokonto", "Umsätze Visa-Karte (Kreditkarte)", "Umsätze Depot"): each section whose column
 * titles the portal knows is one statement, named by its title so the import asks for its account; a section without
 * them (securities, "Keine Umsätze vorhanden.") is skipped and its lines named. Null for a file of one section.
 */
function readSections(table: CsvLines, title: RegExp): BankCsv | null {
  const starts = table.rows.flatMap((row, i) => (title.test(row.cells[0] ?? '') ? [i] : []));
  if (starts.length < 2) return null;
  const parts: BankCsv[] = [];
  const skipped: number[] = [];
  for (const [k, start] of starts.entries()) {
    const rows = table.rows.slice(k === 0 ? 0 : start, starts[k + 1] ?? table.rows.length);
    const header = headerIn(rows);
    if (!header) {
      skipped.push(...rows.map((r) => r.line));
      continue;
    }
    const part = readWithHeader({ delimiter: table.delimiter, rows }, header.position, header.profile);
    const name = table.rows[start]!.cells[0]!;
    parts.push({ ...part, statements: part.statements.map((s) => ({ ...s, accountText: s.accountText ?? name })) });
  }
  const [first] = parts;
  if (!first) return null;
  const statements = parts.flatMap((p) => p.statements);
  return {
    ...first,
    // One section with rows is the whole file's statement, as an export of one account is.
    statements: statements.length === 1 ? statements.map((s) => ({ ...s, accountText: null })) : statements,
    skippedLines: [...parts.flatMap((p) => p.skippedLines), ...skipped].sort((a, b) => a - b),
  };
}

const fitsShape = (cells: string[], p: PositionalProfile) =>
  cells.length >= p.shape.length && p.shape.every((pattern, i) => !pattern || pattern.test(cells[i] ?? ''));

/** A profile as a file is read: its decimal mark decided. */
type ReadProfile = HeaderProfile & { decimal: ',' | '.' };

function readWithHeader(table: CsvLines, headerPosition: number, exportProfile: HeaderProfile): BankCsv {
  const header = table.rows[headerPosition]!;
  const titles = header.cells.map(norm);
  const column = (candidates: readonly string[] | undefined): number | undefined => {
    for (const t of candidates ?? []) {
      const i = titles.indexOf(norm(t));
      if (i !== -1) return i;
    }
    return undefined;
  };
  const c = exportProfile.columns;
  const body = table.rows.slice(headerPosition + 1);
  const decimal = exportProfile.decimal === 'either' ? decimalMarkOf(body.map((r) => r.cells[column(c.amount) ?? -1] ?? '')) : exportProfile.decimal;
  const profile: ReadProfile = { ...exportProfile, decimal };
  const at = {
    bookingDate: column(c.bookingDate)!,
    valueDate: column(c.valueDate),
    amount: column(c.amount),
    debit: column(c.debit),
    credit: column(c.credit),
    counterpartyName: column(c.counterpartyName),
    counterpartyIban: column(c.counterpartyIban),
    counterpartyBic: column(c.counterpartyBic),
    postingText: column(c.postingText),
    reference: column(c.reference),
    endToEndId: column(c.endToEndId),
    mandateId: column(c.mandateId),
    bankReference: column(c.bankReference),
    ownAccount: column(c.ownAccount),
    balanceAfter: column(c.balanceAfter),
    status: column(c.status),
    mark: column(profile.debitCreditMark?.column),
    recordType: column(profile.recordTypes?.column),
    payer: column(profile.counterpartyByDirection?.payer),
    payee: column(profile.counterpartyByDirection?.payee),
  };
  // The currency of the amount: the currency column right after it (ING has one after the balance too), else the first.
  const currencyColumns = titles.map((t, i) => (c.currency?.some((n) => norm(n) === t) ? i : -1)).filter((i) => i !== -1);
  const currencyAt = at.amount !== undefined && currencyColumns.includes(at.amount + 1) ? at.amount + 1 : currencyColumns[0];
  const remittanceAt = (c.remittance ?? []).map((t) => titles.indexOf(norm(t))).filter((i, k, all) => i !== -1 && all.indexOf(i) === k);
  const cell = (cells: string[], i: number | undefined) => (i === undefined ? '' : (cells[i] ?? '').trim());

  const rows: CsvRow[] = [];
  const skippedLines: number[] = [];
  const stated: { opening: StatementBalance | null; closing: StatementBalance | null } = { opening: null, closing: null };
  // A line of only a booking date dates the line after it when that one has a word where its date goes (comdirect's
  // card export splits a new booking so: "23.01.2025" above "neu;22.01.2025;Visa-Umsatz;…"); else it is skipped.
  let carried: { line: number; date: string } | null = null;
  for (const { line, cells } of body) {
    const bookingText = cell(cells, at.bookingDate);
    const dated = csvDate(bookingText, profile.dates);
    const before = carried;
    carried = null;
    if (dated && cells.filter((c) => c !== '').length === 1) {
      if (before) skippedLines.push(before.line);
      carried = { line, date: dated };
      continue;
    }
    const valueDate = csvDate(cell(cells, at.valueDate), profile.dates);
    // Read once, quietly: a row without a readable amount is read again below for the reason it is refused.
    const quietAmount = signedAmount(cells, at, profile, line, true);
    const hasAmount = quietAmount !== null;
    // A word where the booking date goes ("offen" in comdirect's export) marks a payment the bank has not booked yet:
    // a pending entry on its value date, else on the export's newest booking day.
    const notYetBooked = rowState(bookingText) === 'pending' && hasAmount;
    const continued = !dated && before !== null && hasAmount && /\p{L}/u.test(bookingText);
    if (before && !continued) skippedLines.push(before.line);
    const bookingDate = notYetBooked ? (valueDate ?? UNDATED) : continued ? before.date : dated;
    const purpose = remittanceAt.map((i) => cell(cells, i)).filter(Boolean);
    if (profile.recordTypes && at.recordType !== undefined) {
      const kind = cell(cells, at.recordType);
      const { opening, closing, entries, summaries } = profile.recordTypes;
      const which = opening.includes(kind) ? 'opening' : closing.includes(kind) ? 'closing' : null;
      if (which && bookingDate && quietAmount !== null) {
        stated[which] = { amountCents: quietAmount, date: bookingDate };
        continue;
      }
      if (summaries.includes(kind)) continue;
      if (!entries.includes(kind)) {
        skippedLines.push(line);
        continue;
      }
    }
    if (profile.balanceRows && bookingDate) {
      // The label may stand in any column: earlier Volksbank exports shift it into the currency's.
      const { opening, closing } = profile.balanceRows;
      const which = cells.some((c) => opening.test(c.trim())) ? 'opening' : cells.some((c) => closing.test(c.trim())) ? 'closing' : null;
      if (which) {
        const amount = signedAmount(cells, at, profile, line);
        if (amount !== null) stated[which] = { amountCents: amount, date: bookingDate };
        continue;
      }
    }
    if (!bookingDate) {
      const footer = closingFooter(cells, profile);
      // A balance on a line of its own is read by balancesBeside, not named as skipped.
      const balanceLine = BALANCE_LINE.test(cells[0] ?? '');
      if (footer) stated.closing = footer;
      else if (balanceLine) continue;
      else if (hasAmount && bookingText !== '')
        throw new StatementParseError(`Line ${line}: "${bookingText}" is not a date (${profile.bank} export, column ${header.cells[at.bookingDate]}).`);
      else skippedLines.push(line);
      continue;
    }
    const amountCents = quietAmount ?? signedAmount(cells, at, profile, line);
    if (amountCents === null) throw new StatementParseError(`Line ${line}: the amount is missing or not an amount (${profile.bank} export).`);
    const credit = amountCents > 0;
    const statusText = cell(cells, at.status).toLowerCase();
    rows.push({
      line,
      ownAccount: cell(cells, at.ownAccount) || null,
      bookingDate,
      valueDate,
      amountCents,
      currency: cell(cells, currencyAt) || null,
      status: notYetBooked || profile.pending?.includes(statusText) || rowState(statusText) === 'pending' ? 'pending' : 'booked',
      counterpartyName: cell(cells, at.counterpartyName) || cell(cells, credit ? at.payer : at.payee),
      counterpartyIban: cell(cells, at.counterpartyIban),
      counterpartyBic: cell(cells, at.counterpartyBic),
      remittance: purpose.join(' '),
      postingText: cell(cells, at.postingText),
      reference: cell(cells, at.reference),
      endToEndId: cell(cells, at.endToEndId),
      mandateId: cell(cells, at.mandateId),
      bankReference: cell(cells, at.bankReference),
      balanceAfter: at.balanceAfter === undefined ? null : csvAmount(cell(cells, at.balanceAfter), profile.decimal),
    });
  }
  // A pending row without any date goes on the export's newest booking day; without a booked row it is skipped.
  if (carried) skippedLines.push(carried.line);
  const newestDay = rows
    .map((r) => r.bookingDate)
    .filter((d) => d !== UNDATED)
    .sort()
    .pop();
  for (const row of rows) if (row.bookingDate === UNDATED && newestDay) row.bookingDate = newestDay;
  skippedLines.push(...rows.filter((r) => r.bookingDate === UNDATED).map((r) => r.line));
  const dated = rows.filter((r) => r.bookingDate !== UNDATED);
  const ownAccount = ibanAbove(table, headerPosition);
  const beside = balancesBeside(table, headerPosition, profile, dated);
  stated.opening ??= beside.opening;
  stated.closing ??= beside.closing;
  const statements = statementsOfRows(dated, { bank: profile.bank, fallbackCurrency: 'EUR', ownAccount, stated });
  return { bank: profile.bank, statements, skippedLines, columns: header.cells, delimiter: table.delimiter, skipLines: header.line - 1 };
}

type Columns = { amount?: number; debit?: number; credit?: number; mark?: number };

/** The signed amount of a row: the amount column (with an S/H mark after it or a direction column), else credit minus debit. */
function signedAmount(cells: string[], at: Columns, profile: ReadProfile, line: number, quiet = false): number | null {
  const read = (i: number | undefined) => (i === undefined ? null : csvAmount(cells[i] ?? '', profile.decimal));
  const amount = read(at.amount);
  if (amount !== null) {
    const direction = profile.debitCreditMark;
    if (direction && at.mark !== undefined) {
      const mark = (cells[at.mark] ?? '').trim().toUpperCase();
      if (direction.debit.includes(mark)) return -Math.abs(amount);
      if (direction.credit.includes(mark)) return Math.abs(amount);
      if (quiet) return null;
      throw new StatementParseError(`Line ${line}: the amount has no ${[...direction.debit, ...direction.credit].join(' or ')} mark for its direction.`);
    }
    if (!profile.columns.debitCreditMarkAfterAmount) return amount;
    const mark = (cells[at.amount! + 1] ?? '').trim().toUpperCase();
    if (mark === 'S') return -Math.abs(amount);
    if (mark === 'H') return Math.abs(amount);
    if (quiet) return null;
    throw new StatementParseError(`Line ${line}: the amount has no S (debit) or H (credit) mark.`);
  }
  const debit = read(at.debit);
  const credit = read(at.credit);
  if (debit === null && credit === null) return null;
  return Math.abs(credit ?? 0) - Math.abs(debit ?? 0);
}

/** A closing line after the rows: "Kontostand;<date>;;;<balance>;EUR" (Deutsche Bank, Postbank). */
function closingFooter(cells: string[], profile: ReadProfile): StatementBalance | null {
  if (!/^(kontostand|endsaldo|schlusssaldo)\b/i.test(cells[0] ?? '')) return null;
  const date = cells.map((c) => csvDate(c, profile.dates)).find(Boolean);
  const amount = cells
    .slice(1)
    .map((c) => (csvDate(c, profile.dates) ? null : csvAmount(c, profile.decimal)))
    .find((a) => a !== null);
  return date && amount !== undefined && amount !== null ? { amountCents: amount, date } : null;
}

/**
 * Balances on lines of their own beside the table: the balance before the period as "Letzter Kontostand;;;;1.199,38;EUR"
 * above it (Deutsche Bank, Postbank, Commerzbank) or "Alter Kontostand" below it (comdirect), the balance at its end as
 * "Neuer Kontostand" above it (comdirect). They are dated by the period line above the table ("1.2.2026 - 28.2.2026",
 * "Zeitraum: 01.11.2026 - 30.11.2026"), else by the first and the last booking day.
 */
function balancesBeside(
  table: CsvLines,
  headerPosition: number,
  profile: ReadProfile,
  rows: CsvRow[],
): { opening: StatementBalance | null; closing: StatementBalance | null } {
  const above = table.rows.slice(0, headerPosition);
  const amountAfter = (label: RegExp, lines: CsvLines['rows']): number | null =>
    lines
      .find((r) => label.test((r.cells[0] ?? '').trim()))
      ?.cells.slice(1)
      .map((c) => csvAmount(c, profile.decimal))
      .find((a) => a !== null) ?? null;
  const period = above
    .flatMap((r) => r.cells)
    .map((c) => /^(?:zeitraum:?\s*)?(\S+)\s+-\s+(\S+)$/i.exec(c.trim()))
    .map((m) => (m ? [csvDate(m[1]!, profile.dates), csvDate(m[2]!, profile.dates)] : null))
    .find((days) => days && days[0] && days[1]);
  const days = rows.map((r) => r.bookingDate).sort();
  const first = period?.[0] ?? days[0];
  const last = period?.[1] ?? days[days.length - 1];
  const opening = amountAfter(/^letzter kontostand$/i, above) ?? amountAfter(/^alter kontostand$/i, table.rows);
  const closing = amountAfter(/^neuer kontostand$/i, table.rows);
  return {
    opening: opening !== null && first ? { amountCents: opening, date: first } : null,
    closing: closing !== null && last ? { amountCents: closing, date: last } : null,
  };
}

/**
 * The account's own IBAN in the lines above the table ("IBAN;DE...", "Girokonto;DE...", "Konto;...;IBAN" and its
 * values, "Konto;Girokonto DE02 1203 ..." of DKB: the print format after the account's name).
 */
function ibanAbove(table: CsvLines, headerPosition: number): string | null {
  for (const row of table.rows.slice(0, headerPosition)) {
    for (const c of row.cells) {
      for (const part of c.split(/\s*\/\s*|\s{2,}/)) {
        const iban = validIban(part);
        if (iban) return iban;
      }
      const named = /[A-Z]{2}\d{2} [A-Z0-9]{4} /i.test(c) ? ibanInAccountText(c) : null;
      if (named) return named;
    }
  }
  return null;
}

function readPositional(table: CsvLines, profile: PositionalProfile): BankCsv {
  const rows: CsvRow[] = [];
  const skippedLines: number[] = [];
  const c = profile.columns;
  for (const { line, cells } of table.rows) {
    if (!fitsShape(cells, profile)) {
      const date = csvDate(cells[c.bookingDate] ?? '', profile.dates);
      if (date)
        throw new StatementParseError(`Line ${line}: not a row of the ${profile.bank} export (${profile.shape.length} fields: dates, amount, currency).`);
      skippedLines.push(line);
      continue;
    }
    rows.push({
      line,
      ownAccount: c.ownAccount === undefined ? null : cells[c.ownAccount]!,
      bookingDate: csvDate(cells[c.bookingDate]!, profile.dates)!,
      valueDate: csvDate(cells[c.valueDate]!, profile.dates),
      amountCents: csvAmount(cells[c.amount]!, profile.decimal)!,
      currency: cells[c.currency] ?? null,
      status: 'booked',
      counterpartyName: '',
      counterpartyIban: '',
      counterpartyBic: '',
      remittance: cells[c.remittance] ?? '',
      postingText: '',
      reference: '',
      endToEndId: '',
      mandateId: '',
      bankReference: '',
      balanceAfter: null,
    });
  }
  const statements = statementsOfRows(rows, { bank: profile.bank, fallbackCurrency: 'EUR', ownAccount: null });
  return { bank: profile.bank, statements, skippedLines, columns: [], delimiter: table.delimiter, skipLines: 0 };
}

/** The decimal mark of a column of amounts: the one before the cents of most of them ("125,50" or "9.00"), else a comma. */
function decimalMarkOf(amounts: string[]): ',' | '.' {
  let comma = 0;
  let point = 0;
  for (const amount of amounts) {
    if (/\d,\d{1,2}$/.test(amount.trim())) comma++;
    else if (/\d\.\d{1,2}$/.test(amount.trim())) point++;
  }
  return point > comma ? '.' : ',';
}
