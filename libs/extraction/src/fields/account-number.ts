import { composeIBAN, isValidIBAN } from '../iban-tools';

// "Konto-Nr. 4487251252 · BLZ 595 653 87", "Kto. 123456, BLZ 37040044": a German or Austrian account by number and
// bank code, as letterheads printed them before the IBAN.
const ACCOUNT = /(?<!\p{L})(?:konto(?:-?nr\.?|nummer)?|kto\.?(?:-?nr\.?)?)\s*:?\s*(\d[\d ]{2,12}\d)(?!\d)/iu;
const BANK_CODE = /(?<!\p{L})(?:blz|bankleitzahl)\s*:?\s*(\d[\d ]{3,10}\d)(?!\d)/iu;
// The length of the bank code tells the country; the account is padded to the country's length.
const COUNTRIES: Record<number, { country: string; account: number }> = { 8: { country: 'DE', account: 10 }, 5: { country: 'AT', account: 11 } };

/**
 * The IBAN of an account printed by its number and bank code (same line or the next), composed by ISO 13616 as the
 * banks derive it for most accounts; undefined when the page prints no such pair.
 */
export function ibanFromAccount(lines: readonly string[]): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    const account = lines[i].match(ACCOUNT)?.[1];
    const code = (lines[i].match(BANK_CODE) ?? lines[i + 1]?.match(BANK_CODE) ?? lines[i - 1]?.match(BANK_CODE))?.[1];
    if (!account || !code) continue;
    const digits = { account: account.replace(/ /g, ''), code: code.replace(/ /g, '') };
    const country = COUNTRIES[digits.code.length];
    if (!country || digits.account.length > country.account) continue;
    const iban = composeIBAN({ countryCode: country.country, bban: `${digits.code}${digits.account.padStart(country.account, '0')}` });
    if (iban && isValidIBAN(iban)) return iban;
  }
  return undefined;
}
