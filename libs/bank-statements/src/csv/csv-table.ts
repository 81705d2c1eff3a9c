import Papa from 'papaparse';
import { StatementParseError } from '../statement';

/** All lines of a CSV export as cells, with their 1-based line numbers (quoted cells may span lines). */
export interface CsvLines {
  delimiter: string;
  rows: Array<{ line: number; cells: string[] }>;
}

const DELIMITERS = [';', ',', '\t'] as const;

/**
 * The cells of every line. The delimiter is the one of ; , tab that splits the most lines into the same
 * number of cells of more than one (banks put account data above the table, so the first line says little).
 */
export function csvLines(text: string, delimiter: string | null = null): CsvLines {
  const chosen = delimiter ?? guessDelimiter(text);
  const parsed = Papa.parse<string[]>(text, { delimiter: chosen, skipEmptyLines: false });
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  const lenient = quoteError ? unescapedQuotes(text, chosen) : null;
  if (quoteError && !lenient) throw new StatementParseError(`Line ${lineOfRow(text, quoteError.row ?? 0)}: ${quoteError.message}.`);
  const rows: CsvLines['rows'] = [];
  let line = 1;
  for (const cells of lenient ?? parsed.data) {
    const joined = cells.join(chosen);
    if (cells.some((c) => c.trim() !== '')) rows.push({ line, cells: cells.map((c) => c.trim()) });
    line += 1 + (joined.match(/\r\n|\r|\n/g)?.length ?? 0);
  }
  return { delimiter: chosen, rows };
}

/**
 * Some exports quote every field but do not double the quotes inside one (`"UAB "Naktida""`), which a CSV reader
 * refuses. Split line by line at the delimiter, each field's outer quotes taken off, such a file reads as meant; unless
 * a quoted field held the delimiter or a line break (a field opens a quote and does not close it): then null.
 */
export function unescapedQuotes(text: string, delimiter: string): string[][] | null {
  const rows = text.split(/\r\n|\r|\n/).map((line) => line.split(delimiter));
  const opensOnly = (field: string) => field.startsWith('"') !== (field.length >= 2 && field.endsWith('"'));
  if (rows.some((row) => row.some(opensOnly))) return null;
  return rows.map((row) => row.map((field) => (field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field)));
}

function guessDelimiter(text: string): string {
  const sample = text
    .split(/\r\n|\r|\n/)
    .slice(0, 40)
    .filter((l) => l.trim() !== '');
  let best: string = ';';
  let bestScore = -1;
  for (const d of DELIMITERS) {
    const counts = new Map<number, number>();
    for (const l of sample) {
      const n = Papa.parse<string[]>(l, { delimiter: d }).data[0]?.length ?? 1;
      if (n > 1) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    const score = Math.max(0, ...[...counts.entries()].map(([n, c]) => c * 1000 + n));
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

function lineOfRow(text: string, row: number): number {
  return Math.min(row + 1, text.split(/\r\n|\r|\n/).length);
}
