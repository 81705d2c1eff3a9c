import { FON_RETURN_TYPES, type FonReturnType } from '@portal/contracts';
import { normalizeTaxId } from '@portal/domain';
import { readCsvTable } from '@portal/bank-statements';
import { parseGermanDate } from '../../sv-tool/statement-csv';

/** A file that cannot be imported at all (the job fails with this reason); a bad row is only rejected. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
}

export interface RejectedRow {
  line: number;
  reason: string;
}

/** Column titles compared without case, spaces, punctuation or umlaut spelling ("Erklärungsart" = "erklaerungsart"). */
export const columnKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');

/** Where each wanted column is (−1: absent); the required ones missing make the file unreadable. */
export function locateColumns<K extends string>(
  header: readonly string[],
  wanted: Record<K, readonly string[]>,
  required: readonly K[],
  line: number,
): Record<K, number> {
  const keys = header.map(columnKey);
  const index = {} as Record<K, number>;
  for (const column of Object.keys(wanted) as K[]) index[column] = keys.findIndex((k) => wanted[column].includes(k));
  const missing = required.filter((c) => index[c] < 0).map((c) => wanted[c][0]);
  if (missing.length)
    throw new ImportFileError(
      `Line ${line}: the header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (found: ${header.filter(Boolean).join(', ') || 'none'}).`,
    );
  return index;
}

const LONG_NAMES: Record<string, FonReturnType> = {
  einkommensteuer: 'ESt',
  koerperschaftsteuer: 'KSt',
  umsatzsteuer: 'USt',
  feststellung: 'FSt',
  feststellung188: 'FSt',
  kraftfahrzeugsteuer: 'KfzSt',
  energieabgabe: 'EnAb',
  energieabgaben: 'EnAb',
  energieabgabenverguetung: 'EnAb',
};
const SHORT = new Map(FON_RETURN_TYPES.map((t) => [columnKey(t), t] as const));

/** ESt, KSt, USt, FSt (§ 188), KfzSt, EnAb or their German names; null for a type the quota does not count. */
export function returnTypeOf(text: string): FonReturnType | null {
  const key = columnKey(text);
  return SHORT.get(key) ?? LONG_NAMES[key] ?? null;
}

/** ja/nein, j/n, yes/no, x/empty, 1/0, true/false; `fallback` when empty; undefined when unreadable. */
export function yesNo(text: string, fallback: boolean): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (t === '') return fallback;
  if (['ja', 'j', 'yes', 'y', 'x', '1', 'true', 'wahr'].includes(t)) return true;
  if (['nein', 'n', 'no', '0', 'false', 'falsch'].includes(t)) return false;
  return undefined;
}

/** dd.mm.yyyy or yyyy-mm-dd; null when empty; undefined when unreadable. */
export function dateOrEmpty(text: string): string | null | undefined {
  if (text.trim() === '') return null;
  return parseGermanDate(text) ?? undefined;
}

/** A tax number (Steuernummer) as nine digits: two digits tax office, seven digits number ("46-123/4567", "46 1234567"). */
export function taxNumberOf(text: string): string | null {
  const digits = normalizeTaxId(text);
  return /^\d{9}$/.test(digits) ? digits : null;
}

/** The year a row belongs to: empty takes the import's year; another year is refused. */
export function yearProblem(text: string, taxYear: number): string | null {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d{4}$/.test(t)) return `tax year "${t}" is not a year`;
  return Number(t) === taxYear ? null : `tax year ${t} is not the imported year ${taxYear}`;
}

/** One data row of a file: its line number and its cells by column. */
export interface FileRow<K extends string> {
  line: number;
  cell: (column: K) => string;
}

/** The rows of a CSV export (separator `;`, `,` or tab, detected), cells by the wanted columns; an unreadable table is an ImportFileError. */
export function csvRows<K extends string>(text: string, wanted: Record<K, readonly string[]>, required: readonly K[]): Array<FileRow<K>> {
  let table;
  try {
    table = readCsvTable(text, 0, null);
  } catch (error) {
    throw new ImportFileError(error instanceof Error ? error.message : String(error));
  }
  const index = locateColumns(table.columns, wanted, required, table.headerLine);
  return table.rows.map((row, i) => ({ line: table.headerLine + i + 1, cell: (c: K) => (index[c] >= 0 ? (row[index[c]] ?? '') : '') }));
}

/** Each return once per file: the line of the first row of a tax number and return type, for the second one's reason. */
export class FirstRows {
  private readonly seen = new Map<string, number>();

  /** The line a row repeats, or null (and the row is remembered). */
  repeats(taxId: string, returnType: string, line: number): number | null {
    const key = `${taxId}:${returnType}`;
    const first = this.seen.get(key);
    if (first !== undefined) return first;
    this.seen.set(key, line);
    return null;
  }
}
