import type { TaxBreakdownLine } from '@portal/contracts';
import { findAmountSpans, roundCents } from './amount';
import { alternation, vocabulary, type VocabularyEntry } from './vocabulary';

type Column = 'net' | 'tax' | 'rate' | 'gross';

interface Heading {
  column: Column;
  start: number;
  end: number;
}

interface Row {
  net?: number;
  tax?: number;
  gross?: number;
  rate?: number;
}

export interface TotalsTable {
  /** The line of the headings. */
  header: number;
  net: number;
  tax: number;
  gross?: number;
  breakdown: TaxBreakdownLine[];
}

const COLUMNS: Array<[Column, VocabularyEntry]> = [
  ['gross', 'grossColumn'],
  ['tax', 'taxColumn'],
  ['rate', 'rateColumn'],
  ['net', 'netColumn'],
];
const HEADINGS = COLUMNS.map(([column, entry]) => [column, vocabulary(entry, (a) => `(?<![\\p{L}\\d])(?:${a})(?![\\p{L}\\d])`)] as const);
const RATE_VALUE = /(?<![\d.,])\d{1,2}(?:[.,]\d{1,2})?\s?%?(?![\d.,]*\d)/g;
// Heading lines that wrap ("Zu-" over "/Abschlag") and row labels over several lines come before the first values.
const ROWS_AFTER_HEADER = 6;
const MAX_ROWS = 8;
const TOTAL_LABEL = new RegExp(`(?:${['grossTotal', 'payable', 'netTotal'].map((e) => alternation(e as VocabularyEntry)).join('|')})`, 'iu');

/** The column headings of a line without amounts; a longer heading wins where two overlap ("MwSt-Betrag" over "MwSt"). */
function headings(line: string): Heading[] {
  if (findAmountSpans(line).length > 0) return [];
  const found: Heading[] = [];
  for (const [column, re] of HEADINGS) {
    for (const m of line.matchAll(new RegExp(re.source, 'giu'))) found.push({ column, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Heading[] = [];
  for (const h of found) if (!kept.some((k) => h.start < k.end && k.start < h.end)) kept.push(h);
  return kept;
}

/**
 * The heading a value stands under: the most overlap, else one whose right or left edge lines up with the value's,
 * else the nearest heading that starts left of it (a value flush right in a column wider than its heading).
 */
function under(headingsOf: readonly Heading[], start: number, end: number, all: readonly Heading[] = headingsOf): Heading | undefined {
  let best: { heading: Heading; overlap: number } | undefined;
  for (const h of headingsOf) {
    const overlap = Math.min(h.end, end) - Math.max(h.start, start);
    if (overlap > 0 && (!best || overlap > best.overlap)) best = { heading: h, overlap };
  }
  const aligned = headingsOf.find((h) => Math.abs(h.end - end) <= 3 || Math.abs(h.start - start) <= 2);
  const left = [...all].reverse().find((h) => h.start <= start);
  return best?.heading ?? aligned ?? (left && headingsOf.includes(left) ? left : undefined);
}

function readRow(line: string, columns: readonly Heading[]): Row | undefined {
  const amounts = findAmountSpans(line);
  if (amounts.length === 0) return undefined;
  const row: Row = {};
  for (const a of amounts) {
    const heading = under(columns, a.start, a.end);
    if (heading && heading.column !== 'rate' && row[heading.column] === undefined) row[heading.column] = a.value;
  }
  const rateHeading = columns.find((c) => c.column === 'rate');
  if (rateHeading) {
    for (const m of line.matchAll(RATE_VALUE)) {
      const start = m.index ?? 0;
      if (amounts.some((a) => start >= a.start && start < a.end)) continue;
      if (under([rateHeading], start, start + m[0].trimEnd().length, columns)) row.rate = Number(m[0].replace(/[\s%]/g, '').replace(',', '.'));
    }
  }
  return row;
}

const fitsRate = (r: Row): boolean =>
  r.rate !== undefined && r.net !== undefined && r.tax !== undefined && Math.abs(roundCents((r.net * r.rate) / 100) - r.tax) <= 0.02;
const addsUp = (r: Row): boolean =>
  r.gross === undefined || (r.net !== undefined && r.tax !== undefined && Math.abs(roundCents(r.net + r.tax - r.gross)) <= 0.01);

/**
 * A table of totals whose headings stand in one row ("Nettobetrag  MwSt-Betrag  MwSt-%  Endbetrag") and whose values
 * stand in the rows below, by column: a row per rate whose tax is rate × net, and a row of sums without a rate. Only
 * a table whose rows check out is returned.
 */
export function findTotalsTable(lines: readonly string[]): TotalsTable | undefined {
  for (let i = 0; i < lines.length; i++) {
    const columns = headings(lines[i]);
    const kinds = new Set(columns.map((c) => c.column));
    if (['net', 'tax', 'gross'].filter((k) => kinds.has(k as Column)).length < 2 || (!kinds.has('net') && !kinds.has('tax'))) continue;
    const rows: Row[] = [];
    for (let j = i + 1; j < lines.length && j <= i + ROWS_AFTER_HEADER + rows.length && rows.length < MAX_ROWS; j++) {
      // A labelled total below the table ("Net à payer   4 443,70 €") is no row of it.
      if (rows.length > 0 && TOTAL_LABEL.test(lines[j])) break;
      const row = readRow(lines[j], columns);
      if (row) rows.push(row);
      else if (rows.length > 0) break;
    }
    const table = checked(rows);
    if (table) return { header: i, ...table };
  }
  return undefined;
}

function checked(rows: readonly Row[]): Omit<TotalsTable, 'header'> | undefined {
  if (rows.length === 0 || !rows.every(addsUp)) return undefined;
  const rated = rows.filter((r) => r.rate !== undefined);
  if (!rated.every(fitsRate)) return undefined;
  const breakdown = rated.map((r) => ({ rate: r.rate!, net: r.net!, tax: r.tax! }));
  const sums = rows.filter((r) => r.rate === undefined);
  const sum = (of: (r: Row) => number | undefined, from: readonly Row[]): number => roundCents(from.reduce((s, r) => s + (of(r) ?? 0), 0));
  if (sums.length > 1) return undefined;
  if (sums.length === 1) {
    const total = sums[0];
    if (total.net === undefined || total.tax === undefined) return undefined;
    if (rated.length > 0 && (sum((r) => r.net, rated) !== total.net || sum((r) => r.tax, rated) !== total.tax)) return undefined;
    return { net: total.net, tax: total.tax, ...(total.gross !== undefined ? { gross: total.gross } : {}), breakdown };
  }
  // Only rows per rate: their sums are the totals.
  const gross = rated.every((r) => r.gross !== undefined) ? sum((r) => r.gross, rated) : undefined;
  return { net: sum((r) => r.net, rated), tax: sum((r) => r.tax, rated), ...(gross !== undefined ? { gross } : {}), breakdown };
}
