import { createHash } from 'node:crypto';
import type { SvImportError, SvImportProblem } from '@portal/contracts';

/**
 * The account statement a firm downloads from WebEKU, as the portal reads it:
 *
 *   Kontonummer;Buchungsdatum;Wertstellungsdatum;Buchungstext;Beitragszeitraum;Soll;Haben;Buchungszustand
 *   123456789;31.01.2025;31.01.2025;Beiträge 01/2025;01/2025;1.234,56;;
 *   123456789;14.02.2025;14.02.2025;Zahlung;01/2025;;1.234,56;
 *
 * Separator `;` (or `,`/tab, detected from the header), German dates (dd.mm.yyyy; ISO accepted), German
 * amounts (1.234,56), periods as MM/YYYY, MM.YYYY or YYYY-MM, booking state empty or MA, EX, RV, I.
 * Encoding: UTF-8 (with or without BOM), else Windows-1252. Column names are matched without case, spaces
 * or umlaut spelling (Beitragszeitraum, Beitrags-Zeitraum, beitragszeitraum …); Wertstellungsdatum and
 * Buchungszustand may be missing.
 */
export interface StatementLine {
  /**
   * Stable identity of the booking: re-importing the same statement adds nothing. The booking state is not
   * part of it: a later export where a booking was reminded or enforced names the same booking.
   */
  key: string;
  /** The identity before the state was left out of it (bookings imported by earlier versions). */
  legacyKey: string;
  /** The line's number in the file. */
  line: number;
  kontonr: string;
  buchungsDatum: string;
  wertstellungsDatum: string | null;
  buchungstext: string;
  beitragszeitraum: string | null;
  soll: number;
  haben: number;
  buchungszustand: '' | 'MA' | 'EX' | 'RV' | 'I';
}

export type StatementError = SvImportError;

export interface ParsedStatement {
  encoding: 'utf-8' | 'windows-1252';
  lines: StatementLine[];
  errors: StatementError[];
}

/** The English text of each problem; the web shows its own translation of the key. */
const PROBLEM_TEXT: Record<SvImportProblem['key'], (p: Record<string, string>) => string> = {
  empty: () => 'The file is empty.',
  missingColumns: (p) => `Columns missing in the header: ${p.columns}.`,
  accountNumber: (p) => `account number "${p.value}" is not a number`,
  bookingDate: (p) => `booking date "${p.value}" is not a date (dd.mm.yyyy)`,
  valueDate: (p) => `value date "${p.value}" is not a date (dd.mm.yyyy)`,
  period: (p) => `contribution period "${p.value}" is not MM/YYYY`,
  debit: (p) => `debit "${p.value}" is not an amount (1.234,56)`,
  credit: (p) => `credit "${p.value}" is not an amount (1.234,56)`,
  negative: () => 'debit and credit are not negative',
  noAmount: () => 'neither debit nor credit',
  state: (p) => `booking state "${p.value}" is not MA, EX, RV or I`,
  foreignAccount: (p) => `a booking of account ${p.kontonr} is not for account ${p.account}`,
};

/** One error of `line` with its problems (a line's problems joined, as "Line 4: …; …."). */
export function statementError(line: number, problems: SvImportProblem[], perLine = true): StatementError {
  const text = problems.map((p) => PROBLEM_TEXT[p.key](p.params)).join('; ');
  return { line, message: perLine ? `Line ${line}: ${text}.` : text, problems };
}
const problem = (key: SvImportProblem['key'], params: Record<string, string> = {}): SvImportProblem => ({ key, params });

const COLUMNS = {
  kontonr: ['kontonummer', 'kontonr', 'konto'],
  buchungsDatum: ['buchungsdatum', 'datum'],
  wertstellungsDatum: ['wertstellungsdatum', 'wertstellung', 'valuta'],
  buchungstext: ['buchungstext', 'text'],
  beitragszeitraum: ['beitragszeitraum', 'zeitraum'],
  soll: ['soll', 'lastschrift'],
  haben: ['haben', 'gutschrift'],
  buchungszustand: ['buchungszustand', 'zustand', 'status'],
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ['kontonr', 'buchungsDatum', 'buchungstext', 'soll', 'haben'];
const STATES = new Set(['', 'MA', 'EX', 'RV', 'I']);

const hashKey = (identity: string) => createHash('sha256').update(identity).digest('hex').slice(0, 24);

export function decodeStatement(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

const normalize = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z]/g, '');

/** Splits one CSV line (quotes with doubled quotes inside). */
function splitLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

export function parseGermanDate(text: string): string | null {
  const t = text.trim();
  const de = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const [y, m, d] = de ? [Number(de[3]), Number(de[2]), Number(de[1])] : iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : [NaN, NaN, NaN];
  if (!Number.isInteger(y)) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** "1.234,56" → 1234.56; "" → 0; anything else → null. */
export function parseGermanAmount(text: string): number | null {
  const t = text.replace(/[\s\u00a0€]/g, '');
  if (t === '') return 0;
  if (!/^-?\d{1,3}(\.\d{3})*(,\d{1,2})?$|^-?\d+(,\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t.replace(/\./g, '').replace(',', '.')) * 100) / 100;
}

export function parsePeriod(text: string): string | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  const mmyyyy = /^(\d{1,2})[/.](\d{4})$/.exec(t);
  const iso = /^(\d{4})-(\d{2})$/.exec(t);
  const [y, m] = mmyyyy ? [Number(mmyyyy[2]), Number(mmyyyy[1])] : iso ? [Number(iso[1]), Number(iso[2])] : [NaN, NaN];
  if (!Number.isInteger(y) || m < 1 || m > 12) return undefined;
  return `${y}-${String(m).padStart(2, '0')}`;
}

/** Reads a statement; every line that cannot be read is reported with its number and why, the others are kept. */
export function parseStatement(bytes: Uint8Array): ParsedStatement {
  const { text, encoding } = decodeStatement(bytes);
  const rows = text.split(/\r\n|\n|\r/);
  const headerIndex = rows.findIndex((r) => r.trim() !== '');
  const errors: StatementError[] = [];
  if (headerIndex < 0) return { encoding, lines: [], errors: [statementError(1, [problem('empty')], false)] };
  const header = rows[headerIndex];
  const separator = [';', '\t', ','].find((s) => header.includes(s)) ?? ';';
  const names = splitLine(header, separator).map(normalize);
  const index = {} as Record<Column, number>;
  for (const column of Object.keys(COLUMNS) as Column[]) index[column] = names.findIndex((n) => (COLUMNS[column] as readonly string[]).includes(n));
  const missing = REQUIRED.filter((c) => index[c] < 0);
  if (missing.length)
    return { encoding, lines: [], errors: [statementError(headerIndex + 1, [problem('missingColumns', { columns: missing.join(', ') })], false)] };

  const lines: StatementLine[] = [];
  const seen = new Map<string, number>();
  const seenLegacy = new Map<string, number>();
  rows.forEach((row, i) => {
    if (i <= headerIndex || row.trim() === '') return;
    const lineNo = i + 1;
    const cells = splitLine(row, separator);
    const cell = (c: Column) => (index[c] >= 0 ? (cells[index[c]] ?? '') : '');
    const problems: SvImportProblem[] = [];
    const kontonr = cell('kontonr').replace(/\s/g, '');
    if (!/^\d{1,12}$/.test(kontonr)) problems.push(problem('accountNumber', { value: cell('kontonr') }));
    const buchungsDatum = parseGermanDate(cell('buchungsDatum'));
    if (!buchungsDatum) problems.push(problem('bookingDate', { value: cell('buchungsDatum') }));
    const wertText = cell('wertstellungsDatum');
    const wertstellungsDatum = wertText ? parseGermanDate(wertText) : null;
    if (wertText && !wertstellungsDatum) problems.push(problem('valueDate', { value: wertText }));
    const period = parsePeriod(cell('beitragszeitraum'));
    if (period === undefined) problems.push(problem('period', { value: cell('beitragszeitraum') }));
    const soll = parseGermanAmount(cell('soll'));
    const haben = parseGermanAmount(cell('haben'));
    if (soll === null) problems.push(problem('debit', { value: cell('soll') }));
    if (haben === null) problems.push(problem('credit', { value: cell('haben') }));
    if (soll !== null && haben !== null && (soll < 0 || haben < 0)) problems.push(problem('negative'));
    if (soll === 0 && haben === 0 && soll !== null) problems.push(problem('noAmount'));
    const state = cell('buchungszustand').toUpperCase();
    if (!STATES.has(state)) problems.push(problem('state', { value: state }));
    if (problems.length) {
      errors.push(statementError(lineNo, problems));
      return;
    }
    const identity = [kontonr, buchungsDatum, wertstellungsDatum ?? '', cell('buchungstext'), period ?? '', soll, haben].join('|');
    const occurrence = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, occurrence);
    const legacyIdentity = `${identity}|${state}`;
    const legacyOccurrence = (seenLegacy.get(legacyIdentity) ?? 0) + 1;
    seenLegacy.set(legacyIdentity, legacyOccurrence);
    lines.push({
      key: hashKey(`${identity}|${occurrence}`),
      legacyKey: hashKey(`${legacyIdentity}|${legacyOccurrence}`),
      line: lineNo,
      kontonr,
      buchungsDatum: buchungsDatum!,
      wertstellungsDatum,
      buchungstext: cell('buchungstext').slice(0, 200),
      beitragszeitraum: period ?? null,
      soll: soll!,
      haben: haben!,
      buchungszustand: state as StatementLine['buchungszustand'],
    });
  });
  return { encoding, lines, errors };
}
