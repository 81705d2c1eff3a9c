/** ISO 7064 MOD 97-10 over an IBAN or an RF creditor reference (ISO 11649): the first four characters move to the end, letters count A=10 … Z=35. */
export function mod97Valid(reference: string): boolean {
  const rearranged = reference.slice(4) + reference.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** The electronic form of an IBAN (no spaces, upper case) when it is well formed and its check digits hold; null otherwise. */
export function validIban(raw: string): string | null {
  const iban = raw.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban) && mod97Valid(iban) ? iban : null;
}

/** An RF creditor reference (ISO 11649) with valid check digits, in electronic form; null otherwise. */
export function creditorReference(raw: string): string | null {
  const reference = raw.replace(/\s+/g, '').toUpperCase();
  return /^RF[0-9]{2}[A-Z0-9]{1,21}$/.test(reference) && mod97Valid(reference) ? reference : null;
}
