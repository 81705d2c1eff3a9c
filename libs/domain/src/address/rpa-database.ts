import { ADDRESS_MESSAGES, formatMessage } from '@portal/contracts';
import { Map as PersistentMap } from 'immutable';
import type { Decider, DomainEvent } from '../shared/decider';
import { conflict, invalid } from '../shared/domain-error';

/**
 * The RPA address database: the addresses the automation recognises billers by. One stream, so the
 * spec's rules hold across all addresses: an empty name is refused, a VAT ID is in it at most once.
 */
export type RpaEntry = { name: string; vatId: string | null };

export type RpaAddressRegistered = DomainEvent<'RpaAddressRegistered', { addressId: number; name: string; vatId: string | null }>;
export type RpaAddressUpdated = DomainEvent<'RpaAddressUpdated', { addressId: number; name: string; vatId: string | null }>;
export type RpaAddressWithdrawn = DomainEvent<'RpaAddressWithdrawn', { addressId: number; reason: string }>;
export type RpaEvent = RpaAddressRegistered | RpaAddressUpdated | RpaAddressWithdrawn;

export type RegisterRpaAddress = { type: 'RegisterRpaAddress'; addressId: number; name: string; vatId: string | null };
/** The registered address's name or VAT ID changed: the same rules apply. */
export type UpdateRpaAddress = { type: 'UpdateRpaAddress'; addressId: number; name: string; vatId: string | null };
export type WithdrawRpaAddress = { type: 'WithdrawRpaAddress'; addressId: number; reason: string };
export type RpaCommand = RegisterRpaAddress | UpdateRpaAddress | WithdrawRpaAddress;

/** Persistent maps: an event changes one entry without copying the others, so loading the stream stays linear. */
export interface RpaState {
  entries: PersistentMap<number, RpaEntry>;
  byVatId: PersistentMap<string, number>;
}

export const RPA_DATABASE_STREAM_ID = 'rpa-address-database';
export const RPA_EVENT_TYPES: readonly RpaEvent['type'][] = ['RpaAddressRegistered', 'RpaAddressUpdated', 'RpaAddressWithdrawn'];

const initialRpaState: RpaState = { entries: PersistentMap(), byVatId: PersistentMap() };

function evolveRpa(state: RpaState, event: RpaEvent): RpaState {
  const id = event.data.addressId;
  const previous = state.entries.get(id);
  let byVatId = previous?.vatId ? state.byVatId.delete(previous.vatId) : state.byVatId;
  if (event.type === 'RpaAddressWithdrawn') return { entries: state.entries.delete(id), byVatId };
  if (event.data.vatId) byVatId = byVatId.set(event.data.vatId, id);
  return { entries: state.entries.set(id, { name: event.data.name, vatId: event.data.vatId }), byVatId };
}

/** The spec's two rules; `key` lets the web translate the reason. */
function checkEntry(state: RpaState, addressId: number, name: string, vatId: string | null): RpaEntry {
  const trimmed = name.trim();
  if (trimmed === '') throw invalid(ADDRESS_MESSAGES.rpaEmptyName, { key: 'rpaEmptyName' });
  const holder = vatId ? state.byVatId.get(vatId) : undefined;
  if (vatId && holder !== undefined && holder !== addressId) {
    const holderName = state.entries.get(holder)?.name ?? String(holder);
    throw conflict(formatMessage(ADDRESS_MESSAGES.rpaVatTaken, { vatId, name: holderName }), { key: 'rpaVatTaken', vatId, addressId: holder, name: holderName });
  }
  return { name: trimmed, vatId };
}

function decideRpa(command: RpaCommand, state: RpaState): RpaEvent[] {
  const current = state.entries.get(command.addressId);
  switch (command.type) {
    case 'RegisterRpaAddress': {
      const entry = checkEntry(state, command.addressId, command.name, command.vatId);
      if (current) return current.name === entry.name && current.vatId === entry.vatId ? [] : [{ type: 'RpaAddressUpdated', data: { addressId: command.addressId, ...entry } }];
      return [{ type: 'RpaAddressRegistered', data: { addressId: command.addressId, ...entry } }];
    }
    case 'UpdateRpaAddress': {
      if (!current) return [];
      const entry = checkEntry(state, command.addressId, command.name, command.vatId);
      return current.name === entry.name && current.vatId === entry.vatId ? [] : [{ type: 'RpaAddressUpdated', data: { addressId: command.addressId, ...entry } }];
    }
    case 'WithdrawRpaAddress':
      return current ? [{ type: 'RpaAddressWithdrawn', data: { addressId: command.addressId, reason: command.reason } }] : [];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const rpaDatabaseDecider: Decider<RpaState, RpaCommand, RpaEvent> = {
  initialState: initialRpaState,
  evolve: evolveRpa,
  decide: decideRpa,
};
