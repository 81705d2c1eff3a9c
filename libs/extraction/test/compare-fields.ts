import type { ExtractedFields, Party } from '@portal/contracts';

const PARTY_KEYS: Array<keyof Party> = ['name', 'street', 'postcode', 'city', 'country', 'vat_id'];

/** The compared fields flattened to "path → value", so extractions can be compared and counted field by field. */
export function comparableFields(f: ExtractedFields): Record<string, string | number | undefined> {
  const party = (prefix: string, p: Party | undefined): Record<string, string | undefined> =>
    Object.fromEntries(PARTY_KEYS.map((k) => [`${prefix}.${k}`, p?.[k]]));
  return {
    invoice_number: f.invoice_number,
    invoice_date: f.invoice_date,
    due_date: f.due_date,
    ...party('biller', f.biller),
    ...party('recipient', f.recipient),
    currency: f.currency,
    net_amount: f.net_amount,
    tax_amount: f.tax_amount,
    gross_amount: f.gross_amount,
    tax_rates: f.tax_rates && JSON.stringify(f.tax_rates),
    tax_breakdown: f.tax_breakdown && JSON.stringify(f.tax_breakdown.map(({ rate, net, tax }) => ({ rate, net, tax }))),
    iban: f.iban,
    bic: f.bic,
    payment_reference: f.payment_reference,
  };
}

/** Keys whose expected value is present but differs in `actual`. */
export function wrongFields(expected: ExtractedFields, actual: ExtractedFields): { wrong: string[]; total: number } {
  const want = comparableFields(expected);
  const got = comparableFields(actual);
  const keys = Object.keys(want).filter((k) => want[k] !== undefined);
  return { wrong: keys.filter((k) => want[k] !== got[k]), total: keys.length };
}
