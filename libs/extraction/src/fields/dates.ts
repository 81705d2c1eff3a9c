export interface FoundDate {
  iso: string;
  index: number;
}

// Month names and their abbreviations in de, en, nl, fr and it.
const MONTHS: Record<string, number> = {
  januar: 1,
  jänner: 1,
  jan: 1,
  january: 1,
  januari: 1,
  janvier: 1,
  janv: 1,
  gennaio: 1,
  gen: 1,
  februar: 2,
  feber: 2,
  feb: 2,
  february: 2,
  februari: 2,
  février: 2,
  fevrier: 2,
  févr: 2,
  fevr: 2,
  febbraio: 2,
  märz: 3,
  maerz: 3,
  mär: 3,
  mrz: 3,
  march: 3,
  mar: 3,
  maart: 3,
  mrt: 3,
  mars: 3,
  marzo: 3,
  april: 4,
  apr: 4,
  avril: 4,
  avr: 4,
  aprile: 4,
  mai: 5,
  may: 5,
  mei: 5,
  maggio: 5,
  mag: 5,
  juni: 6,
  jun: 6,
  june: 6,
  juin: 6,
  giugno: 6,
  giu: 6,
  juli: 7,
  jul: 7,
  july: 7,
  juillet: 7,
  juil: 7,
  luglio: 7,
  lug: 7,
  august: 8,
  aug: 8,
  augustus: 8,
  août: 8,
  aout: 8,
  agosto: 8,
  ago: 8,
  september: 9,
  sept: 9,
  sep: 9,
  septembre: 9,
  settembre: 9,
  set: 9,
  oktober: 10,
  okt: 10,
  october: 10,
  oct: 10,
  octobre: 10,
  ottobre: 10,
  ott: 10,
  november: 11,
  nov: 11,
  novembre: 11,
  dezember: 12,
  dez: 12,
  december: 12,
  dec: 12,
  décembre: 12,
  decembre: 12,
  déc: 12,
  dicembre: 12,
  dic: 12,
};
// Longest first, so "juillet" is not read as "juil".
const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;

function iso(year: number, month: number, day: number): string | undefined {
  const y = year < 100 ? 2000 + year : year;
  const date = new Date(Date.UTC(y, month - 1, day));
  if (y < 1990 || y > 2100 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

const PATTERNS: Array<{ re: RegExp; read: (m: RegExpMatchArray) => string | undefined }> = [
  { re: /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g, read: (m) => iso(+m[1], +m[2], +m[3]) },
  { re: /(?<![\d.])(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})(?![\d])/g, read: (m) => iso(+m[3], +m[2], +m[1]) },
  // Slashes: day first unless the second number cannot be a month (US style).
  { re: /(?<![\d/])(\d{1,2})\/(\d{1,2})\/(\d{4})(?![\d/])/g, read: (m) => (+m[2] > 12 ? iso(+m[3], +m[1], +m[2]) : iso(+m[3], +m[2], +m[1])) },
  {
    re: new RegExp(`(?<![\\w])(\\d{1,2})(?:\\.|er|º|°)?\\s+${MONTH}(?!\\p{L})\\s+(\\d{4})`, 'giu'),
    read: (m) => iso(+m[3], MONTHS[m[2].toLowerCase()], +m[1]),
  },
  // Dashes: day first, as Dutch, Belgian and Danish pages write them ("05-12-2019"), unless the middle cannot be a month.
  { re: /(?<![\d-])(\d{1,2})-(\d{1,2})-(\d{4})(?![\d-])/g, read: (m) => (+m[2] > 12 ? iso(+m[3], +m[1], +m[2]) : iso(+m[3], +m[2], +m[1])) },
  // "14-Sep-2025", "14-Sep-25": accounting software in India and the UK.
  { re: new RegExp(`(?<![\\w-])(\\d{1,2})-${MONTH}-(\\d{4}|\\d{2})(?![\\d-])`, 'giu'), read: (m) => iso(+m[3], MONTHS[m[2].toLowerCase()], +m[1]) },
  {
    re: new RegExp(`(?<![\\p{L}])${MONTH}(?!\\p{L})\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})`, 'giu'),
    read: (m) => iso(+m[3], MONTHS[m[1].toLowerCase()], +m[2]),
  },
];

/** Dates written in a line (dd.mm.yyyy, yyyy-mm-dd, dd/mm/yyyy, dd-mm-yyyy, "9. Mai 2017", "May 9, 2017", "9-May-17"), in reading order. */
export function findDates(line: string): FoundDate[] {
  const found: FoundDate[] = [];
  for (const { re, read } of PATTERNS) {
    for (const m of line.matchAll(re)) {
      const value = read(m);
      if (value && m.index !== undefined) found.push({ iso: value, index: m.index });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
