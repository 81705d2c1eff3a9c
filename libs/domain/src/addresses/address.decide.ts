import type { AddressClientAccounts, AddressFields, VatCheck } from '@portal/contracts';
import type { Decider, DecisionContext } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import type { AddressEvent, AddressFieldChanges, AddressFieldName } from './address.events';
import { EMPTY_ADDRESS_FIELDS, normalizeAccounts, normalizeAddressFields, sameValue } from './address.rules';
import { evolveAddress, initialAddressState, type AddressState } from './address.state';

export type CreateAddress = { type: 'CreateAddress'; addressId: number; fields: Partial<AddressFields>; accounts?: AddressClientAccounts[] };
export type EditAddress = { type: 'EditAddress'; fields: Partial<AddressFields> };
export type ChangeAddressAccounts = { type: 'ChangeAddressAccounts'; accounts: AddressClientAccounts[] };
/** On the surviving address: take over what the duplicate adds. */
export type AbsorbAddress = { type: 'AbsorbAddress'; sourceId: number; source: { fields: AddressFields; accounts: AddressClientAccounts[] } };
/** On the duplicate, after the survivor absorbed it. */
export type MarkAddressMerged = { type: 'MarkAddressMerged'; targetId: number };
export type DeleteAddress = { type: 'DeleteAddress' };
export type RecordVatCheck = { type: 'RecordVatCheck'; check: Omit<VatCheck, 'checked_at' | 'checked_by'> };

export type AddressCommand = CreateAddress | EditAddress | ChangeAddressAccounts | AbsorbAddress | MarkAddressMerged | DeleteAddress | RecordVatCheck;

type Existing = Exclude<AddressState, { status: 'none' }>;

function active(state: AddressState, what: string): Existing {
  if (state.status === 'none') throw notFound('The address does not exist.');
  if (state.status === 'merged') throw conflict(`Cannot ${what}: the address was merged into address ${state.mergedInto}.`, { mergedInto: state.mergedInto });
  if (state.status === 'deleted') throw conflict(`Cannot ${what}: the address was deleted.`);
  return state;
}

function changesOf(current: AddressFields, next: Partial<AddressFields>): AddressFieldChanges {
  const changes: AddressFieldChanges = {};
  for (const [field, value] of Object.entries(next) as Array<[AddressFieldName, unknown]>) {
    if (!sameValue(current[field], value)) Object.assign(changes, { [field]: { old: current[field], new: value } });
  }
  return changes;
}

/** What a duplicate adds to the survivor: empty fields filled, IBANs united, accounts of clients the survivor lacks. */
function absorb(target: Existing, source: AbsorbAddress['source']): { changes: AddressFieldChanges; accounts: AddressClientAccounts[] } {
  const next: Partial<AddressFields> = {};
  for (const field of Object.keys(EMPTY_ADDRESS_FIELDS) as AddressFieldName[]) {
    if (field === 'ibans') continue;
    const mine = target.fields[field];
    const theirs = source.fields[field];
    if ((mine === null || mine === '') && theirs !== null && theirs !== '') Object.assign(next, { [field]: theirs });
  }
  const ibans = [...new Set([...target.fields.ibans, ...source.fields.ibans])];
  if (ibans.length !== target.fields.ibans.length) next.ibans = ibans;
  const clients = new Set(target.accounts.map((a) => a.client_no));
  const accounts = [...target.accounts, ...source.accounts.filter((a) => !clients.has(a.client_no))].sort((a, b) => a.client_no - b.client_no);
  return { changes: changesOf(target.fields, next), accounts };
}

function createAddress(command: CreateAddress, state: AddressState): AddressEvent[] {
  if (state.status !== 'none') throw conflict(`Address ${command.addressId} already exists.`);
  if (!Number.isSafeInteger(command.addressId) || command.addressId < 1) throw invalid('addressId must be a positive whole number.');
  const fields = { ...EMPTY_ADDRESS_FIELDS, ...normalizeAddressFields(command.fields) };
  return [{ type: 'AddressCreated', data: { addressId: command.addressId, fields, accounts: normalizeAccounts(command.accounts ?? []) } }];
}

function editAddress(command: EditAddress, state: AddressState): AddressEvent[] {
  const address = active(state, 'change');
  const changes = changesOf(address.fields, normalizeAddressFields(command.fields));
  return Object.keys(changes).length === 0 ? [] : [{ type: 'AddressEdited', data: { changes } }];
}

function changeAddressAccounts(command: ChangeAddressAccounts, state: AddressState): AddressEvent[] {
  const address = active(state, 'change');
  const accounts = normalizeAccounts(command.accounts);
  return sameValue(accounts, address.accounts) ? [] : [{ type: 'AddressAccountsChanged', data: { accounts, previous: address.accounts } }];
}

function absorbAddress(command: AbsorbAddress, state: AddressState): AddressEvent[] {
  const target = active(state, 'merge into it');
  if (command.sourceId === target.addressId) throw invalid('An address cannot be merged with itself.');
  const { changes, accounts } = absorb(target, command.source);
  return [{ type: 'AddressAbsorbed', data: { sourceId: command.sourceId, changes, accounts } }];
}

function markAddressMerged(command: MarkAddressMerged, state: AddressState): AddressEvent[] {
  if (state.status === 'merged' && state.mergedInto === command.targetId) return [];
  const source = active(state, 'merge it');
  if (command.targetId === source.addressId) throw invalid('An address cannot be merged with itself.');
  return [{ type: 'AddressMergedInto', data: { targetId: command.targetId } }];
}

function deleteAddress(state: AddressState): AddressEvent[] {
  if (state.status === 'deleted') return [];
  active(state, 'delete it');
  return [{ type: 'AddressDeleted', data: {} }];
}

function recordVatCheck(command: RecordVatCheck, state: AddressState, context: DecisionContext): AddressEvent[] {
  active(state, 'check its VAT ID');
  return [{ type: 'VatIdChecked', data: { check: { ...command.check, checked_at: context.now, checked_by: context.userId } } }];
}

export function decideAddress(command: AddressCommand, state: AddressState, context: DecisionContext): AddressEvent[] {
  switch (command.type) {
    case 'CreateAddress':
      return createAddress(command, state);
    case 'EditAddress':
      return editAddress(command, state);
    case 'ChangeAddressAccounts':
      return changeAddressAccounts(command, state);
    case 'AbsorbAddress':
      return absorbAddress(command, state);
    case 'MarkAddressMerged':
      return markAddressMerged(command, state);
    case 'DeleteAddress':
      return deleteAddress(state);
    case 'RecordVatCheck':
      return recordVatCheck(command, state, context);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const addressDecider: Decider<AddressState, AddressCommand, AddressEvent> = {
  initialState: initialAddressState,
  evolve: evolveAddress,
  decide: decideAddress,
};
