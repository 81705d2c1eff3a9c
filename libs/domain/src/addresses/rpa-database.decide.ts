import { ADDRESS_MESSAGES, formatMessage } from '@portal/contracts';
import type { Decider } from '../shared/decider';
import { conflict, invalid } from '../shared/domain-error';
import type { RpaEntry, RpaEvent } from './rpa-database.events';
import { evolveRpa, initialRpaState, type RpaState } from './rpa-database.state';

export type RegisterRpaAddress = { type: 'RegisterRpaAddress'; addressId: number; name: string; vatId: string | null };
/** The registered address's name or VAT ID changed: the same rules apply. */
export type UpdateRpaAddress = { type: 'UpdateRpaAddress'; addressId: number; name: string; vatId: string | null };
export type WithdrawRpaAddress = { type: 'WithdrawRpaAddress'; addressId: number; reason: string };
export type RpaCommand = RegisterRpaAddress | UpdateRpaAddress | WithdrawRpaAddress;

/** The spec's two rules; `key` lets the web translate the reason. */
function checkEntry(state: RpaState, addressId: number, name: string, vatId: string | null): RpaEntry {
  const trimmed = name.trim();
  if (trimmed === '') throw invalid(ADDRESS_MESSAGES.rpaEmptyName, { key: 'rpaEmptyName' });
  const holder = vatId ? state.byVatId.get(vatId) : undefined;
  if (vatId && holder !== undefined && holder !== addressId) {
    const holderName = state.entries.get(holder)?.name ?? String(holder);
    throw conflict(formatMessage(ADDRESS_MESSAGES.rpaVatTaken, { vatId, name: holderName }), {
      key: 'rpaVatTaken',
      vatId,
      addressId: holder,
      name: holderName,
    });
  }
  return { name: trimmed, vatId };
}

const same = (a: RpaEntry, b: RpaEntry) => a.name === b.name && a.vatId === b.vatId;

/** Registering an address the database has already updates it (nothing when it is the same). */
function register(command: RegisterRpaAddress, state: RpaState): RpaEvent[] {
  const current = state.entries.get(command.addressId);
  const entry = checkEntry(state, command.addressId, command.name, command.vatId);
  if (current) return same(current, entry) ? [] : [{ type: 'RpaAddressUpdated', data: { addressId: command.addressId, ...entry } }];
  return [{ type: 'RpaAddressRegistered', data: { addressId: command.addressId, ...entry } }];
}

/** An address that is not in the database stays out of it. */
function update(command: UpdateRpaAddress, state: RpaState): RpaEvent[] {
  const current = state.entries.get(command.addressId);
  if (!current) return [];
  const entry = checkEntry(state, command.addressId, command.name, command.vatId);
  return same(current, entry) ? [] : [{ type: 'RpaAddressUpdated', data: { addressId: command.addressId, ...entry } }];
}

function withdraw(command: WithdrawRpaAddress, state: RpaState): RpaEvent[] {
  return state.entries.has(command.addressId) ? [{ type: 'RpaAddressWithdrawn', data: { addressId: command.addressId, reason: command.reason } }] : [];
}

export function decideRpa(command: RpaCommand, state: RpaState): RpaEvent[] {
  switch (command.type) {
    case 'RegisterRpaAddress':
      return register(command, state);
    case 'UpdateRpaAddress':
      return update(command, state);
    case 'WithdrawRpaAddress':
      return withdraw(command, state);
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
