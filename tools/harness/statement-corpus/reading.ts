/**
 * What a statement file says, read independently of the parser under test: the corpus spec compares the
 * import with this. Deliberately small and literal (regular expressions over the text, no XML library),
 * written from the standards, so a parser bug is not repeated here.
 */

/** One statement (camt Stmt/Rpt/Ntfctn, one MT940/MT942 message, one CSV file) as the file states it. */
export interface ReadStatement {
  /** The account as the file names it (IBAN, BLZ/account number, ...); null when it names none. */
  account: string | null;
  opening: number | null;
  closing: number | null;
  booked: { count: number; cents: number };
  pending: { count: number; cents: number };
}

export type Reading = { kind: 'statements'; statements: ReadStatement[] } | { kind: 'not-a-statement'; why: string };

export const notAStatement = (why: string): Reading => ({ kind: 'not-a-statement', why });

/** "1234.5" / "1.234,56" style decimal text in cents; null unless it is a plain non-negative number. */
export function centsOf(text: string, decimal: '.' | ','): number | null {
  const other = decimal === '.' ? ',' : '.';
  const plain = text.trim();
  const m = new RegExp(`^(\\d+(?:\\${other}\\d{3})*)(?:\\${decimal}(\\d*))?$`).exec(plain);
  if (!m) return null;
  const whole = Number(m[1]!.split(other).join(''));
  const fraction = (m[2] ?? '').padEnd(2, '0');
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) return null;
  return whole * 100 + Number(fraction.slice(0, 2));
}

/** A calendar date (YYYY-MM-DD) that exists. */
export function realDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

export function decoded(bytes: Buffer): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  const utf8 = body.toString('utf8');
  return utf8.includes('\uFFFD') ? body.toString('latin1') : utf8;
}
