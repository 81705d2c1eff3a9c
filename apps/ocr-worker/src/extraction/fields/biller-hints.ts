import type { Party } from '@portal/contracts';
import { addressBlock } from './address-block';
import { addressParts, clean, CONTACT, isCompanyName, isNameLike, OTHER_LABEL, segments, TITLE } from './party-lines';

// Lines of the footer that belong to the issuer: VAT id, bank account, company register.
const ISSUER_DETAILS = /\b(?:UID|USt|VAT|IBAN|BIC|Bankverbindung|Bank\s+details|Firmenbuch|FN\s?\d|HRB?\s?\d|HR[AB]\b|Amtsgericht|Handelsregister|Registergericht|Company\s+(?:no|number|registration))/i;

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

/** The letterhead: the company name at the top (the one the footer repeats, if any) and the address after it. */
export function letterheadBiller(lines: readonly string[], footerName: string | undefined): Party | undefined {
  const top = lines
    .slice(0, 12)
    .flatMap(segments)
    .filter((s) => !CONTACT.test(s) && !TITLE.test(s) && !OTHER_LABEL.test(s))
    .flatMap(addressParts);
  let nameAt = footerName ? top.findIndex((s) => startsWithName(s, footerName)) : -1;
  if (nameAt >= 0 && footerName) top[nameAt] = footerName;
  if (nameAt < 0) nameAt = top.findIndex(isCompanyName);
  if (nameAt < 0 && footerName) return { name: footerName };
  if (nameAt < 0) nameAt = top.findIndex(isNameLike);
  if (nameAt < 0) return undefined;
  const name = clean(top[nameAt]);
  const block = addressBlock(top.slice(nameAt, nameAt + 5));
  return block && block.name === name ? block : { name };
}
