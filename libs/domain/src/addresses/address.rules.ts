import { ADDRESS_TEXT_FIELDS, isIsoCountry, normalizeVatId, type AddressClientAccounts, type AddressFields } from '@portal/contracts';
import { isSixDigits, isValidIban, normalizeIban } from '../accounting/account.rules';
import { invalid } from '../shared/domain-error';

export const EMPTY_ADDRESS_FIELDS: AddressFields = {
  name: '',
  legal_form: null,
  street: null,
  postcode: null,
  place: null,
  country: null,
  vat_id: null,
  tax_number: null,
  register_number: null,
  ibans: [],
  email: null,
  phone: null,
};

const LIMITS: Record<(typeof ADDRESS_TEXT_FIELDS)[number], number> = {
  name: 200,
  legal_form: 60,
  street: 200,
  postcode: 12,
  place: 100,
  country: 2,
  vat_id: 20,
  tax_number: 30,
  register_number: 40,
  email: 200,
  phone: 40,
};

export { normalizeVatId };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\+?[\d\s()/-]{4,40}$/;

function text(field: (typeof ADDRESS_TEXT_FIELDS)[number], raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== 'string') throw invalid(`${field} must be a text.`);
  const value = raw.trim().replace(/\s+/g, ' ');
  if (value === '') return null;
  if (value.length > LIMITS[field]) throw invalid(`${field} must be at most ${LIMITS[field]} characters.`);
  return value;
}

/** One field as stored: trimmed, VAT ID and country upper case, e-mail and phone checked. */
export function normalizeAddressField<K extends keyof AddressFields>(field: K, raw: unknown): AddressFields[K] {
  if (field === 'ibans') {
    if (!Array.isArray(raw)) throw invalid('ibans must be a list.');
    const ibans = [...new Set(raw.map((i) => (typeof i === 'string' ? normalizeIban(i) : '')))].filter((i) => i !== '');
    const bad = ibans.find((i) => !isValidIban(i));
    if (bad) throw invalid(`IBAN invalid: ${bad}`, { key: 'ibanInvalid', field: 'ibans' });
    if (ibans.length > 20) throw invalid('At most 20 IBANs per address.');
    return ibans as AddressFields[K];
  }
  const name = field as (typeof ADDRESS_TEXT_FIELDS)[number];
  const value = text(name, raw);
  if (name === 'name') return (value ?? '') as AddressFields[K];
  if (value === null) return null as AddressFields[K];
  if (name === 'country') {
    if (!isIsoCountry(value.toUpperCase())) throw invalid('country must be a two-letter ISO code.');
    return value.toUpperCase() as AddressFields[K];
  }
  if (name === 'vat_id') return normalizeVatId(value) as AddressFields[K];
  if (name === 'email' && !EMAIL.test(value)) throw invalid('Invalid e-mail address.', { key: 'emailInvalid', field: 'email' });
  if (name === 'phone' && !PHONE.test(value)) throw invalid('Invalid phone number.', { key: 'phoneInvalid', field: 'phone' });
  return value as AddressFields[K];
}

export function normalizeAddressFields(raw: Partial<AddressFields>): Partial<AddressFields> {
  const out: Partial<AddressFields> = {};
  for (const [field, value] of Object.entries(raw) as Array<[keyof AddressFields, unknown]>) {
    if (value === undefined) continue;
    if (!(field in EMPTY_ADDRESS_FIELDS)) throw invalid(`Unknown address field ${field}.`);
    Object.assign(out, { [field]: normalizeAddressField(field, value) });
  }
  return out;
}

/** One entry per client, six-digit accounts, sorted by client. */
export function normalizeAccounts(accounts: AddressClientAccounts[]): AddressClientAccounts[] {
  const byClient = new Map<number, AddressClientAccounts>();
  for (const a of accounts) {
    if (!Number.isSafeInteger(a.client_no) || a.client_no < 1) throw invalid('client_no must be a positive whole number.');
    if (byClient.has(a.client_no)) throw invalid(`Client ${a.client_no} is listed twice.`);
    for (const account of [a.supplier_account, a.customer_account]) {
      if (account !== null && !isSixDigits(account)) throw invalid('Six digits required', { key: 'sixDigits', field: 'accounts' });
    }
    if (a.supplier_account === null && a.customer_account === null) continue;
    byClient.set(a.client_no, { client_no: a.client_no, supplier_account: a.supplier_account, customer_account: a.customer_account });
  }
  return [...byClient.values()].sort((x, y) => x.client_no - y.client_no);
}

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
