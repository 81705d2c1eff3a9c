import type { AddressRecord, StoredRpaErrorRecord } from '@portal/contracts';
import type { CollectionSpec, Doc } from '@portal/read-store';
import { collection } from './collection';

/** An address as stored: the record plus its sort key, the VAT check's result and the RPA keys it holds. */
export type StoredAddress = AddressRecord & { name_sort: string; vat_result: string | null; rpa_keys: string[] };

export const ADDRESSES = collection<StoredAddress>('addresses');
/**
 * The searchable fields of the active addresses only: the full-text index answers a search without a
 * status filter, which over 100,000 addresses costs a rowid set of nearly all of them per query.
 */
export const ADDRESS_SEARCH = collection<Doc>('address_search');
/** What ADDRESS_SEARCH holds per active address: the searched texts and the list's filters. */
export const ADDRESS_SEARCHED_FIELDS = [
  'name',
  'legal_form',
  'vat_id',
  'register_number',
  'tax_number',
  'place',
  'postcode',
  'street',
  'ibans',
  'email',
] as const;
/** The RPA database's lookup keys (`vat:<VAT ID>`, `iban:<IBAN>`) with the addresses holding them. */
export const RPA_ADDRESS_KEYS = collection<RpaAddressKey>('rpa_address_keys');
/**
 * The RPA database's events per address (from its one stream), for the address's history: reading the whole
 * stream per history view grows with the database.
 */
export const ADDRESS_RPA_EVENTS = collection<AddressRpaEvent>('address_rpa_events');
export const RPA_ERRORS = collection<StoredRpaErrorRecord>('rpa_errors');

/** One RPA database event of an address, as the history shows it. */
export interface AddressRpaEvent {
  id: string;
  address_id: number;
  position: number;
  revision: number;
  type: string;
  data: Record<string, unknown>;
  time: string;
  user_id: string;
}

export interface RpaAddressKey {
  id: string;
  address_ids: number[];
}

export const ADDRESS_COLLECTIONS: readonly CollectionSpec[] = [
  {
    name: ADDRESSES,
    indexes: [['status', 'name_sort'], ['status', 'rpa', 'name_sort'], ['vat_id'], ['status', 'vat_result'], ['status', 'country', 'name_sort']],
  },
  { name: ADDRESS_SEARCH, indexes: [], fullText: [...ADDRESS_SEARCHED_FIELDS] },
  { name: ADDRESS_RPA_EVENTS, indexes: [['address_id', 'position']] },
  { name: RPA_ADDRESS_KEYS, indexes: [] },
  {
    name: RPA_ERRORS,
    indexes: [
      ['status', 'last_failed_at'],
      ['status', 'kind', 'last_failed_at'],
      ['client_no', 'status', 'last_failed_at'],
    ],
  },
];
