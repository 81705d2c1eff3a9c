import type { Prng } from './prng';

/** Check digit of an Austrian UID (ATU + 7 digits + check digit), as the BMF specifies it. */
export function austrianVatCheckDigit(sevenDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(sevenDigits[i]);
    if (i % 2 === 0) sum += d;
    else sum += Math.floor((d * 2) / 10) + ((d * 2) % 10);
  }
  return (10 - ((sum + 4) % 10)) % 10;
}

/** Check digit of a German USt-IdNr. (DE + 8 digits + check digit), ISO 7064 MOD 11,10. */
export function germanVatCheckDigit(eightDigits: string): number {
  let product = 10;
  for (let i = 0; i < 8; i++) {
    let sum = (Number(eightDigits[i]) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

export function isValidVatId(vatId: string): boolean {
  const at = /^ATU(\d{7})(\d)$/.exec(vatId);
  if (at) return austrianVatCheckDigit(at[1]) === Number(at[2]);
  const de = /^DE([1-9]\d{7})(\d)$/.exec(vatId);
  if (de) return germanVatCheckDigit(de[1]) === Number(de[2]);
  return false;
}

export function makeVatId(country: 'AT' | 'DE', prng: Prng): string {
  if (country === 'AT') {
    const body = `${prng.int(1, 7)}${prng.digits(6)}`;
    return `ATU${body}${austrianVatCheckDigit(body)}`;
  }
  const body = `${prng.int(1, 3)}${prng.digits(7)}`;
  return `DE${body}${germanVatCheckDigit(body)}`;
}

/** Company register line: Austrian Firmenbuch number (FN 123456a) or German Handelsregister (HRB 12345). */
export function makeRegisterNumber(country: 'AT' | 'DE', prng: Prng): string {
  if (country === 'AT')
    return `FN ${prng.int(30000, 599999)}${prng.pick(['a', 'b', 'd', 'f', 'g', 'h', 'i', 'k', 'm', 'p', 's', 't', 'v', 'w', 'x', 'y', 'z'])}`;
  return `HRB ${prng.int(1000, 249999)}`;
}
