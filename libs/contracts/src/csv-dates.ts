/**
 * Date forms of bank CSV exports: one list for the import dialog, the server's check of a saved mapping and the
 * reader. A time after the date (2026-01-02 12:16:55) is read as that day. Month names are read in English,
 * German, French, Dutch, Italian and Spanish, written out or shortened ("15 Sep 2026", "3. März 2026",
 * "15-sept.-2026", "Sep 15, 2026").
 */
export const CSV_DATE_FORMATS = [
  'DD.MM.YYYY',
  'DD.MM.YY',
  'YYYY-MM-DD',
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'DD/MM/YY',
  'DD-MM-YYYY',
  'YYYYMMDD',
  'YYYY/MM/DD',
  'D MMM YYYY',
  'MMM D, YYYY',
] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

/** The day, month and year a date cell writes, as numbers; the calendar is not checked. Two-digit years are 20xx. */
export interface CsvDateParts {
  year: number;
  month: number;
  day: number;
}

const MONTH = '(?<month>[a-zA-Z\\u00c0-\\u024f]{3,}\\.?)';
const PATTERNS: Record<CsvDateFormat, RegExp> = {
  'DD.MM.YYYY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{4})$/,
  'DD.MM.YY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{2})$/,
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/,
  'MM/DD/YYYY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/,
  'DD/MM/YYYY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4})$/,
  'DD/MM/YY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{2})$/,
  'DD-MM-YYYY': /^(?<d>\d{1,2})-(?<m>\d{1,2})-(?<y>\d{4})$/,
  YYYYMMDD: /^(?<y>\d{4})(?<m>\d{2})(?<d>\d{2})$/,
  'YYYY/MM/DD': /^(?<y>\d{4})\/(?<m>\d{1,2})\/(?<d>\d{1,2})$/,
  'D MMM YYYY': new RegExp(`^(?<d>\\d{1,2})\\.?[ -]${MONTH}[ -](?<y>\\d{4})$`),
  'MMM D, YYYY': new RegExp(`^${MONTH} (?<d>\\d{1,2}),? (?<y>\\d{4})$`),
};

/** Each month's names, written out, in the six languages (the shortened forms are their beginnings). */
const MONTH_NAMES: readonly string[][] = [
  ['january', 'januar', 'janvier', 'januari', 'gennaio', 'enero', 'janner'],
  ['february', 'februar', 'fevrier', 'februari', 'febbraio', 'febrero', 'feber'],
  ['march', 'marz', 'mars', 'maart', 'marzo', 'mrz', 'mrt'],
  ['april', 'avril', 'aprile', 'abril'],
  ['may', 'mai', 'mei', 'maggio', 'mayo'],
  ['june', 'juni', 'juin', 'giugno', 'junio'],
  ['july', 'juli', 'juillet', 'luglio', 'julio'],
  ['august', 'aout', 'augustus', 'agosto'],
  ['september', 'septembre', 'settembre', 'septiembre', 'setiembre'],
  ['october', 'oktober', 'octobre', 'ottobre', 'octubre'],
  ['november', 'novembre', 'noviembre'],
  ['december', 'dezember', 'decembre', 'dicembre', 'diciembre'],
];

const withoutMarks = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/**
 * The month (1–12) a name or its beginning of three letters or more names, in any of the six languages; null when
 * it names none or could be two months (French "jui" is juin or juillet).
 */
export function monthOfName(name: string): number | null {
  const word = withoutMarks(name.trim().toLowerCase()).replace(/\.$/, '');
  if (word.length < 3) return null;
  const months = MONTH_NAMES.flatMap((names, i) => (names.some((n) => n === word || n.startsWith(word)) ? [i + 1] : []));
  return months.length === 1 ? months[0]! : null;
}

/** A time after a date, with seconds, fractions and a zone if any: "12:16:55", "T08:00Z", "09:45 +01:00". */
const TIME_AFTER_DATE = /(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:\s*(?:Z|UTC|[+-]\d{2}:?\d{2}))?)$/;

/** A date cell without the time after it: "2022-01-02 12:16:55" → "2022-01-02". */
export function dayOfDateCell(cell: string): string {
  return cell.trim().replace(TIME_AFTER_DATE, '');
}

/** What a date cell says in a format (its time left out), or null when it is not written so. */
export function csvDateParts(cell: string, format: CsvDateFormat): CsvDateParts | null {
  const g = PATTERNS[format].exec(dayOfDateCell(cell))?.groups;
  if (!g) return null;
  const month = g.month !== undefined ? monthOfName(g.month) : Number(g.m);
  if (month === null) return null;
  return { year: Number(g.y!.length === 2 ? `20${g.y}` : g.y), month, day: Number(g.d) };
}
