/**
 * The amount of an ISO 20022 amount element (ActiveOrHistoricCurrencyAndAmount, ActiveCurrencyAndAmount) as the
 * schemas of camt.052/053/054 define its simple type: an xs:decimal with `fractionDigits` 5, `totalDigits` 18 and
 * `minInclusive` 0. Both digit facets constrain the value, not the spelling (XML Schema part 2, 4.3.11 and 4.3.12):
 * "12.50000" has two fraction digits and four in all, leading zeros and trailing fraction zeros count for nothing.
 *
 * The ledger keeps whole cents. A value with digits below the cent (up to the five the schema allows; the
 * message definitions ask for the currency's ISO 4217 minor unit, a rule the schema does not check) is booked to
 * the nearest cent, a half cent away from zero: what the account itself can hold, and a difference the
 * reconciliation then shows against the statement's balances instead of one a truncation would hide downwards.
 */
export const ISO_FRACTION_DIGITS = 5;
export const ISO_TOTAL_DIGITS = 18;

/** xs:decimal's lexical space: an optional sign, digits with an optional point and fraction, or a point and digits. */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

export type IsoAmount = { cents: number } | { refused: string };

/** The amount in cents, or why the text is not an amount the schema allows (a sentence to follow `Amt "…"`). */
export function isoAmountCents(text: string): IsoAmount {
  const m = DECIMAL.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return { refused: 'is not an amount' };
  const [, sign, whole = '', fractionText = ''] = m;
  const integer = whole.replace(/^0+/, '');
  const fraction = fractionText.replace(/0+$/, '');
  if (sign === '-' && (integer !== '' || fraction !== '')) return { refused: 'is negative; an ISO 20022 amount is never below 0 (the side is CdtDbtInd)' };
  if (fraction.length > ISO_FRACTION_DIGITS)
    return { refused: `has ${fraction.length} fraction digits; an ISO 20022 amount has at most ${ISO_FRACTION_DIGITS}` };
  const digits = integer.length + fraction.length;
  if (digits > ISO_TOTAL_DIGITS) return { refused: `has ${digits} digits; an ISO 20022 amount has at most ${ISO_TOTAL_DIGITS}` };
  const padded = fraction.padEnd(ISO_FRACTION_DIGITS, '0');
  const rest = Number(padded.slice(2));
  // Up to 13 whole digits the cents are below 2^53: plain numbers, exactly (no BigInt for each of 100,000 amounts).
  if (integer.length <= 13) return { cents: Number(integer || '0') * 100 + Number(padded.slice(0, 2)) + (rest >= 500 ? 1 : 0) };
  const cents = BigInt(integer) * 100n + BigInt(padded.slice(0, 2));
  const rounded = cents + (rest >= 500 ? 1n : 0n);
  if (rounded > BigInt(Number.MAX_SAFE_INTEGER)) return { refused: 'is larger than the ledger keeps' };
  return { cents: Number(rounded) };
}
