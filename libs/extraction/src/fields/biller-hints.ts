import type { Party } from '@portal/contracts';
import { addressBlock } from './address-block';
import { addressParts, clean, CONTACT, isCompanyName, isNameLike, joinWrappedName, OTHER_LABEL, SALUTATION, segments, TITLE } from './party-lines';

// Lines of the footer that belong to the issuer: VAT id, bank account, company register.
const ISSUER_DETAILS =
  /\b(?:UID|USt|VAT|TVA|BTW|IVA|P\.\s?IVA|Partita|GSTIN|IBAN|BIC|RIB|Bankverbindung|Bank\s+details|Bankgegevens|Coordonnées\s+bancaires|Coordinate\s+bancarie|Firmenbuch|FN\s?\d|HRB?\s?\d|HR[AB]\b|Amtsgericht|Handelsregister|Registergericht|KvK|SIRET|RCS|REA|Company\s+(?:no|number|registration))/i;

/** The same name, or it followed by OCR debris from the logo or the contact column. */
function startsWithName(segment: string, name: string): boolean {
  const s = clean(segment).toLowerCase();
  const n = name.toLowerCase();
  return s === n || s.startsWith(`${n} `);
}

/** A first footer column up to the bank or register details OCR ran into it. */
function beforeIssuerDetails(segment: string): string {
  const at = segment.search(ISSUER_DETAILS);
  return clean(at > 0 ? segment.slice(0, at) : segment);
}

/** The company named in the first footer column beside the issuer's VAT id, IBAN or register entry. */
export function footerCompany(lines: readonly string[]): string | undefined {
  const from = Math.floor(lines.length / 2);
  for (let i = lines.length - 1; i >= from; i--) {
    if (!ISSUER_DETAILS.test(lines[i])) continue;
    for (let j = Math.max(from, i - 3); j <= Math.min(lines.length - 1, i + 3); j++) {
      const first = beforeIssuerDetails(segments(lines[j])[0] ?? '');
      if (isCompanyName(first)) return first;
    }
  }
  return undefined;
}

interface TopPart {
  text: string;
  line: number;
  column: number;
}

/** The name wrapped over two lines of the same column: the line directly above joined to the one with the legal form. */
function wrappedName(top: readonly TopPart[], at: number): string {
  const above = top.find((p) => p.line === top[at].line - 1 && Math.abs(p.column - top[at].column) <= 1);
  return joinWrappedName(above?.text, top[at].text);
}

/** The letterhead: the company name at the top (the one the footer repeats, if any) and the address after it. */
export function letterheadBiller(lines: readonly string[], footerName: string | undefined): Party | undefined {
  const top: TopPart[] = lines.slice(0, 12).flatMap((line, index) =>
    segments(line)
      .filter((s) => !CONTACT.test(s) && !TITLE.test(s) && !OTHER_LABEL.test(s))
      .flatMap((segment) => addressParts(segment).map((text) => ({ text, line: index, column: line.indexOf(segment) }))),
  );
  const texts = top.map((p) => p.text);
  let nameAt = footerName ? texts.findIndex((s) => startsWithName(s, footerName)) : -1;
  if (nameAt >= 0 && footerName) texts[nameAt] = footerName;
  if (nameAt < 0) nameAt = texts.findIndex(isCompanyName);
  if (nameAt < 0 && footerName) return { name: footerName };
  if (nameAt < 0) nameAt = texts.findIndex(isNameLike);
  if (nameAt < 0) return undefined;
  const name = footerName && texts[nameAt] === footerName ? footerName : wrappedName(top, nameAt);
  const following = texts.slice(nameAt, nameAt + 5);
  const salutation = following.findIndex((t, i) => i > 0 && SALUTATION.test(clean(t)));
  const block = addressBlock(salutation > 0 ? following.slice(0, salutation) : following);
  return block && block.name === clean(texts[nameAt]) ? { ...block, name } : { name };
}
