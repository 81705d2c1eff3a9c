/**
 * Addresses (`/admin/addresses/{address_id?}`, service `addresses`, adm): the firm's parties (suppliers and
 * customers of its clients) with the account numbers to book them to per client, and the RPA address
 * database the automation recognises billers by.
 */

/** The outcome of a VAT ID check: VIES's answer (valid, invalid) or one of spec §5's results. */
export const VAT_CHECK_RESULTS = ['valid', 'invalid', 'empty', 'format_error', 'invalid_for_country', 'check_failed', 'unknown_error'] as const;
export type VatCheckResult = (typeof VAT_CHECK_RESULTS)[number];

/** One recorded VAT ID check (the proof a tax advisor keeps). */
export interface VatCheck {
  vat_id: string;
  /** The address's country the VAT ID was checked against. */
  country: string | null;
  result: VatCheckResult;
  /** When the portal checked (ISO). */
  checked_at: string;
  /** Which step decided: the format and checksum rules, or the VIES service. */
  source: 'format' | 'vies';
  /** VIES: its request date, the registered name and address, the consultation number (checkVatApprox). */
  request_date: string | null;
  registered_name: string | null;
  registered_address: string | null;
  consultation_number: string | null;
  /** VIES fault code (MS_UNAVAILABLE, TIMEOUT, ...) or the failure's reason. */
  fault: string | null;
  checked_by: string;
}

/** Account numbers of one client company for this party (acc-suppliers: supplier 3/4, customer 2/4). */
export interface AddressClientAccounts {
  client_no: number;
  supplier_account: string | null;
  customer_account: string | null;
}

export interface AddressFields {
  name: string;
  legal_form: string | null;
  street: string | null;
  postcode: string | null;
  place: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  vat_id: string | null;
  tax_number: string | null;
  /** Firmenbuchnummer (AT, e.g. FN 123456a) or Handelsregister number (DE, e.g. HRB 12345). */
  register_number: string | null;
  /** Electronic format, checksum-validated. */
  ibans: string[];
  email: string | null;
  phone: string | null;
}

/** A VAT ID as VIES, the RPA database and the address list compare it: upper case, no spaces, dots or dashes. */
export const normalizeVatId = (value: string) => value.toUpperCase().replace(/[\s.\-/]/g, '');

export const ADDRESS_TEXT_FIELDS = [
  'name',
  'legal_form',
  'street',
  'postcode',
  'place',
  'country',
  'vat_id',
  'tax_number',
  'register_number',
  'email',
  'phone',
] as const;

/** addresses: one record per party. Merged and deleted ones stay (history kept) but leave the list. */
export interface AddressRecord extends AddressFields {
  id: number;
  accounts: AddressClientAccounts[];
  /** Client numbers of `accounts`, for the list filter. */
  client_nos: number[];
  /** In the RPA address database. */
  rpa: boolean;
  rpa_since: string | null;
  /** The latest VAT ID check (for the current VAT ID); null before the first. */
  vat_check: VatCheck | null;
  status: 'active' | 'merged' | 'deleted';
  merged_into: number | null;
  /** Addresses merged into this one. */
  merged_from: number[];
  created_at: string;
  created_by: string;
  updated_at: string;
  revision: number;
}

/** `addresses create` data; `rpa: true` registers it in the RPA database at once. */
export type CreateAddressData = Partial<AddressFields> & { name: string; accounts?: AddressClientAccounts[]; rpa?: boolean };

/**
 * `addresses patch` data:
 * - fields of AddressFields and/or `accounts` (the full list): edit
 * - `{ rpa: true | false }`: register in / withdraw from the RPA database
 * - `{ action: 'merge', source: id }`: merge the duplicate `source` into this address (source leaves the list)
 * - `{ action: 'check-vat' }`: check the VAT ID (format, then VIES); answers the address with its new `vat_check`
 */
export type AddressPatch =
  (Partial<AddressFields> & { accounts?: AddressClientAccounts[] }) | { rpa: boolean } | { action: 'merge'; source: number } | { action: 'check-vat' };

/** One entry of an address's history (address-history find { address_id }). */
export interface AddressHistoryEntry {
  id: string;
  address_id: number;
  revision: number;
  type: string;
  at: string;
  user_id: string;
  user_name: string | null;
  /** Field changes old → new, or the event's details (VAT check, merge, RPA). */
  changes: Array<{ field: string; old: unknown; new: unknown }>;
  vat_check: VatCheck | null;
}

/** A hit of the company register search (company-register find { q }). */
export interface CompanyRegisterHit {
  id: string;
  /** Where it was found: the embedded adapter searches the portal's address database only. */
  source: 'address-database' | 'register';
  name: string;
  legal_form: string | null;
  register_number: string | null;
  street: string | null;
  postcode: string | null;
  place: string | null;
  country: string | null;
  vat_id: string | null;
  address_id: number | null;
}

/** Spec §9: the company register search is cut after 50 characters. */
export const COMPANY_REGISTER_QUERY_MAX = 50;

/**
 * Address messages of spec §5 and 8: `key` is what the web translates, `message` the English text.
 * RPA refusals arrive as `Failed to create address in RPA database: {message}` with data `{ key, reason }`.
 */
export const ADDRESS_MESSAGES = {
  rpaFailed: 'Failed to create address in RPA database: {message}',
  rpaEmptyName: 'The name must not be empty.',
  rpaVatTaken: 'VAT ID {vatId} is already in the RPA database ({name}).',
  accountNotFound: 'Account not found',
  saveFailed: 'Save failed',
  deleteFailed: 'Delete failed',
  ibanInvalid: 'IBAN invalid',
} as const;
export type AddressMessageKey = keyof typeof ADDRESS_MESSAGES;
