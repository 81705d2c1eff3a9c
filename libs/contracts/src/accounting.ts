import type { Versioned } from './read-models';

/**
 * Person-account types of the acc-suppliers service (spec §7: `types` [3,4] lists suppliers,
 * [2,4] lists customers):
 * - 2 customer: account number 200000 to 299999 (spec §3, 9)
 * - 3 supplier: any other six-digit account number
 * - 4 both: a business partner booked as customer and supplier (shown in both pickers)
 */
export const PERSON_ACCOUNT_TYPES = { customer: 2, supplier: 3, both: 4 } as const;
export type PersonAccountType = (typeof PERSON_ACCOUNT_TYPES)[keyof typeof PERSON_ACCOUNT_TYPES];

/** Customer account range of spec §9; every other six-digit account is a supplier. */
export const CUSTOMER_ACCOUNT_RANGE = { from: 200_000, to: 299_999 } as const;

export const BOOK_KINDS = ['purchases', 'sales', 'cash', 'bank', 'general'] as const;
export type BookKind = (typeof BOOK_KINDS)[number];

export interface PostalAddress {
  street: string | null;
  postcode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
}

/** acc-exp-acc: an expense account; `accounting` null is the company default valid in every period. */
export interface ExpenseAccount extends Versioned {
  id: string;
  client_no: number;
  accounting: number | null;
  account: string;
  name: string;
  /** Percent the account is usually booked with, e.g. 20. */
  tax_rate: number | null;
  updated_at: string;
}

/** acc-cost: a cost centre of one accounting period. */
export interface CostCentre extends Versioned {
  id: string;
  client_no: number;
  accounting: number;
  code: string;
  name: string;
  updated_at: string;
}

/** acc-books: a book (journal) of one accounting period. */
export interface Book extends Versioned {
  id: string;
  client_no: number;
  accounting: number;
  code: string;
  name: string;
  kind: BookKind;
  updated_at: string;
}

/** acc-suppliers: a supplier or customer account (spec §3: accounting, client, account number). */
export interface PersonAccount extends Versioned {
  id: string;
  client_no: number;
  accounting: number;
  /** Six digits. */
  account: string;
  type: PersonAccountType;
  name: string;
  vat_id: string | null;
  /** Electronic format, checksum-validated. */
  iban: string | null;
  address: PostalAddress;
  created_at: string;
  created_by: string;
  updated_at: string;
}

/** Data of `acc-suppliers create`; the type follows from the account number unless `type` is 4 (both). */
export interface CreatePersonAccountData {
  client_no: number;
  accounting: number;
  account: string;
  name: string;
  vat_id?: string | null;
  iban?: string | null;
  address?: Partial<PostalAddress>;
  type?: 4;
}
