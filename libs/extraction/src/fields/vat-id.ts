import { checkVAT, countries } from 'jsvat';
import { ibanSpans } from './iban';

// VAT identification number formats of the EU member states plus CH, GB and NO.
const FORMATS: Record<string, string> = {
  AT: 'U\\d{8}',
  BE: '[01]\\d{9}',
  BG: '\\d{9,10}',
  CY: '\\d{8}[A-Z]',
  CZ: '\\d{8,10}',
  DE: '\\d{9}',
  DK: '\\d{8}',
  EE: '\\d{9}',
  EL: '\\d{9}',
  ES: '[A-Z0-9]\\d{7}[A-Z0-9]',
  FI: '\\d{8}',
  FR: '[A-HJ-NP-Z0-9]{2}\\d{9}',
  HR: '\\d{11}',
  HU: '\\d{8}',
  IE: '\\d[A-Z0-9+*]\\d{5}[A-Z]{1,2}',
  IT: '\\d{11}',
  LT: '(?:\\d{9}|\\d{12})',
  LU: '\\d{8}',
  LV: '\\d{11}',
  MT: '\\d{8}',
  NL: '\\d{9}B\\d{2}',
  PL: '\\d{10}',
  PT: '\\d{9}',
  RO: '\\d{2,10}',
  SE: '\\d{12}',
  SI: '\\d{8}',
  SK: '\\d{10}',
  CHE: '\\d{9}',
  GB: '(?:\\d{9}|\\d{12})',
  XI: '(?:\\d{9}|\\d{12})',
  NO: '\\d{9}',
};
// A lookahead, so candidates may overlap: "HRB 999999 DE123456789" must not lose the DE id to "HR".
const PATTERN = new RegExp(`(?=\\b(${Object.keys(FORMATS).join('|')})[\\s-]?((?:[A-Z0-9+*][\\s.]?){2,14}))`, 'g');
const RECIPIENT_HINT = /(ihre|your|kunde|customer|empfänger|recipient|buyer|käufer|leistungsempfänger)/i;

export interface FoundVatId {
  id: string;
  /** True when the text says it belongs to the recipient ("Ihre USt-ID", "Customer VAT"). */
  recipient: boolean;
  index: number;
  /** The check digits agree (jsvat); a misread digit or an invented sample id fails. */
  checksum: boolean;
}

/** Country format and check digits of a normalised VAT id, by jsvat. */
export function vatIdChecksumValid(id: string): boolean {
  return checkVAT(id, countries).isValid;
}

/** The id when whole printed tokens after the country code form exactly that country's format. */
function matchFormat(country: string, body: string): string | undefined {
  const format = new RegExp(`^${FORMATS[country]}$`);
  let compact = '';
  for (const token of body.trim().split(/\s+/)) {
    compact += token.replace(/\./g, '');
    if (format.test(compact)) return `${country}${compact}`;
    if (compact.length > 14) break;
  }
  return undefined;
}

/** VAT ids in text (with spaces or dots as printed), normalised to "ATU12345678" / "DE123456789". */
export function findVatIds(text: string): FoundVatId[] {
  const found: FoundVatId[] = [];
  // "BE16 4931 3317 …" is an IBAN, never the VAT id "BE1649313317" its first groups look like.
  const ibans = ibanSpans(text);
  for (const m of text.matchAll(PATTERN)) {
    const id = matchFormat(m[1], m[2]);
    const index = m.index ?? 0;
    if (!id || found.some((f) => f.id === id) || ibans.some((s) => s.start <= index && index < s.end)) continue;
    const lineStart = text.lastIndexOf('\n', index) + 1;
    found.push({ id, recipient: RECIPIENT_HINT.test(text.slice(lineStart, index)), index, checksum: vatIdChecksumValid(id) });
  }
  return found;
}
