import { Map as PersistentMap } from 'immutable';
import type { RpaEntry, RpaEvent } from './rpa-database.events';

/** Persistent maps: an event changes one entry without copying the others, so loading the stream stays linear. */
export interface RpaState {
  entries: PersistentMap<number, RpaEntry>;
  byVatId: PersistentMap<string, number>;
}

export const initialRpaState: RpaState = { entries: PersistentMap(), byVatId: PersistentMap() };

export function evolveRpa(state: RpaState, event: RpaEvent): RpaState {
  const id = event.data.addressId;
  const previous = state.entries.get(id);
  let byVatId = previous?.vatId ? state.byVatId.delete(previous.vatId) : state.byVatId;
  if (event.type === 'RpaAddressWithdrawn') return { entries: state.entries.delete(id), byVatId };
  if (event.data.vatId) byVatId = byVatId.set(event.data.vatId, id);
  return { entries: state.entries.set(id, { name: event.data.name, vatId: event.data.vatId }), byVatId };
}
