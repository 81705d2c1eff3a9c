import type { AddressClientAccounts, AddressFields, VatCheck } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

export type AddressFieldName = keyof AddressFields;
export type AddressFieldChanges = Partial<{ [K in AddressFieldName]: { old: AddressFields[K]; new: AddressFields[K] } }>;

export type AddressCreated = DomainEvent<'AddressCreated', { addressId: number; fields: AddressFields; accounts: AddressClientAccounts[] }>;
export type AddressEdited = DomainEvent<'AddressEdited', { changes: AddressFieldChanges }>;
export type AddressAccountsChanged = DomainEvent<'AddressAccountsChanged', { accounts: AddressClientAccounts[]; previous: AddressClientAccounts[] }>;
/** This address took over a duplicate: the fields it lacked, the duplicate's IBANs and account numbers. */
export type AddressAbsorbed = DomainEvent<'AddressAbsorbed', { sourceId: number; changes: AddressFieldChanges; accounts: AddressClientAccounts[] }>;
/** This address was a duplicate of `targetId`; it leaves the list and keeps its history. */
export type AddressMergedInto = DomainEvent<'AddressMergedInto', { targetId: number }>;
export type AddressDeleted = DomainEvent<'AddressDeleted', Record<string, never>>;
/** A VAT ID check with its time and result: the proof a tax advisor keeps. */
export type VatIdChecked = DomainEvent<'VatIdChecked', { check: VatCheck }>;

export type AddressEvent = AddressCreated | AddressEdited | AddressAccountsChanged | AddressAbsorbed | AddressMergedInto | AddressDeleted | VatIdChecked;

export const ADDRESS_EVENT_TYPES: readonly AddressEvent['type'][] = [
  'AddressCreated',
  'AddressEdited',
  'AddressAccountsChanged',
  'AddressAbsorbed',
  'AddressMergedInto',
  'AddressDeleted',
  'VatIdChecked',
];

export const addressStreamId = (addressId: number) => `address-${addressId}`;
