import type { AddressClientAccounts, AddressFields } from '@portal/contracts';
import type { AddressEvent } from './address.events';

export type AddressState =
  | { status: 'none' }
  | { status: 'active' | 'merged' | 'deleted'; addressId: number; fields: AddressFields; accounts: AddressClientAccounts[]; mergedInto: number | null };

export const initialAddressState: AddressState = { status: 'none' };

export function evolveAddress(state: AddressState, event: AddressEvent): AddressState {
  if (event.type === 'AddressCreated')
    return { status: 'active', addressId: event.data.addressId, fields: event.data.fields, accounts: event.data.accounts, mergedInto: null };
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'AddressEdited':
    case 'AddressAbsorbed': {
      const fields = { ...state.fields };
      for (const [name, change] of Object.entries(event.data.changes)) Object.assign(fields, { [name]: change.new });
      return { ...state, fields, ...(event.type === 'AddressAbsorbed' ? { accounts: event.data.accounts } : {}) };
    }
    case 'AddressAccountsChanged':
      return { ...state, accounts: event.data.accounts };
    case 'AddressMergedInto':
      return { ...state, status: 'merged', mergedInto: event.data.targetId };
    case 'AddressDeleted':
      return { ...state, status: 'deleted' };
    case 'VatIdChecked':
      return state;
  }
}
