import type { AddressRecord } from '@portal/contracts';
import { ADDRESS_EVENT_TYPES, RPA_EVENT_TYPES, type AddressEvent, type RpaEvent, domainEventOf } from '@portal/domain';
import {
  collectionSpecs,
  ADDRESSES,
  ADDRESS_SEARCH,
  ADDRESS_SEARCHED_FIELDS as SEARCHED,
  ADDRESS_RPA_EVENTS,
  RPA_ADDRESS_KEYS,
  type AddressRpaEvent,
  collection,
  put,
  remove,
} from '@portal/read-models';
import type { ChangeIntent, Projection, ProjectionView } from '../runtime/projection';

/** The RPA database's entries by address id: an entry may be recorded just before its address is created. */
const RPA_ENTRIES = collection<{ id: number; since: string | null }>('rpa_entries');

type Stored = AddressRecord & { name_sort: string; vat_result: string | null; rpa_keys: string[] };

const addressIdOf = (streamId: string) => Number(streamId.replace(/^address-/, ''));

/** The keys an RPA address is found by: its VAT ID and every IBAN. */
const keysOf = (doc: Stored): string[] =>
  doc.rpa && doc.status === 'active' ? [...(doc.vat_id ? [`vat:${doc.vat_id}`] : []), ...doc.ibans.map((i) => `iban:${i}`)] : [];

/** Moves the address's keys from what it held to what it holds now. */
async function rekey(doc: Stored, view: ProjectionView): Promise<{ doc: Stored; changes: ChangeIntent[] }> {
  const next = keysOf(doc);
  const changes: ChangeIntent[] = [];
  for (const key of doc.rpa_keys.filter((k) => !next.includes(k))) {
    const held = await view.get(RPA_ADDRESS_KEYS, key);
    const rest = (held?.address_ids ?? []).filter((id) => id !== doc.id);
    changes.push(rest.length ? put(RPA_ADDRESS_KEYS, { id: key, address_ids: rest }) : remove(RPA_ADDRESS_KEYS, key));
  }
  for (const key of next.filter((k) => !doc.rpa_keys.includes(k))) {
    const held = await view.get(RPA_ADDRESS_KEYS, key);
    changes.push(put(RPA_ADDRESS_KEYS, { id: key, address_ids: [...new Set([...(held?.address_ids ?? []), doc.id])].sort((a, b) => a - b) }));
  }
  return { doc: { ...doc, rpa_keys: next }, changes };
}

function applyAddressEvent(current: Stored, event: AddressEvent): Stored {
  switch (event.type) {
    case 'AddressCreated':
      return current;
    case 'AddressEdited':
    case 'AddressAbsorbed': {
      const next = { ...current } as Stored;
      for (const [field, change] of Object.entries(event.data.changes)) Object.assign(next, { [field]: change.new });
      if (event.type === 'AddressAbsorbed')
        Object.assign(next, { accounts: event.data.accounts, merged_from: [...new Set([...current.merged_from, event.data.sourceId])] });
      // The latest check belongs to the VAT ID it checked.
      if (event.data.changes.vat_id) Object.assign(next, { vat_check: null, vat_result: null });
      return next;
    }
    case 'AddressAccountsChanged':
      return { ...current, accounts: event.data.accounts };
    case 'AddressMergedInto':
      return { ...current, status: 'merged', merged_into: event.data.targetId, rpa: false, rpa_since: null };
    case 'AddressDeleted':
      return { ...current, status: 'deleted', rpa: false, rpa_since: null };
    case 'VatIdChecked':
      return event.data.check.vat_id === current.vat_id ? { ...current, vat_check: event.data.check, vat_result: event.data.check.result } : current;
  }
  return current;
}

async function created(
  event: Extract<AddressEvent, { type: 'AddressCreated' }>,
  at: string,
  userId: string,
  revision: number,
  view: ProjectionView,
): Promise<Stored> {
  const { addressId, fields, accounts } = event.data;
  const entry = (await view.get(RPA_ENTRIES, addressId)) as { since?: string } | null;
  return {
    id: addressId,
    ...fields,
    accounts,
    client_nos: [],
    rpa: entry !== null,
    rpa_since: entry?.since ?? null,
    vat_check: null,
    status: 'active',
    merged_into: null,
    merged_from: [],
    created_at: at,
    created_by: userId,
    updated_at: at,
    revision,
    name_sort: '',
    vat_result: null,
    rpa_keys: [],
  };
}

/** The address's entry in ADDRESS_SEARCH: there while it is active, gone once merged or deleted. */
const searchEntry = (doc: Stored): ChangeIntent =>
  doc.status === 'active'
    ? put(ADDRESS_SEARCH, {
        id: doc.id,
        ...Object.fromEntries(SEARCHED.map((f) => [f, doc[f]])),
        rpa: doc.rpa,
        country: doc.country,
        vat_result: doc.vat_result,
      })
    : remove(ADDRESS_SEARCH, doc.id);

const finish = (doc: Stored): Stored => ({ ...doc, client_nos: doc.accounts.map((a) => a.client_no), name_sort: doc.name.toLocaleLowerCase('de') });

/**
 * addresses: one record per party (list, search, detail), and rpa_address_keys: how the automation
 * finds an RPA address by VAT ID or IBAN. Fed by the address streams and the RPA database stream.
 */
export const addressesProjection: Projection = {
  name: 'addresses',
  version: 2,
  collections: [...collectionSpecs(ADDRESSES, ADDRESS_SEARCH, ADDRESS_RPA_EVENTS, RPA_ADDRESS_KEYS), { name: RPA_ENTRIES, indexes: [] }],
  handles: [...ADDRESS_EVENT_TYPES, ...RPA_EVENT_TYPES],
  async project(recorded, view) {
    const at = recorded.metadata.time;
    if ((RPA_EVENT_TYPES as readonly string[]).includes(recorded.type)) {
      const event = domainEventOf<RpaEvent>(recorded);
      const id = event.data.addressId;
      const rpa = event.type !== 'RpaAddressWithdrawn';
      const entry = (await view.get(RPA_ENTRIES, id)) as { since?: string } | null;
      const since = rpa ? (entry?.since ?? at) : null;
      const entryChange: ChangeIntent = rpa ? put(RPA_ENTRIES, { id, since }) : remove(RPA_ENTRIES, id);
      const historyEntry: AddressRpaEvent = {
        id: `${id}:${recorded.revision}`,
        address_id: id,
        position: recorded.position,
        revision: recorded.revision,
        type: recorded.type,
        data: { ...event.data },
        time: at,
        user_id: recorded.metadata.userId,
      };
      const history: ChangeIntent = put(ADDRESS_RPA_EVENTS, { ...historyEntry });
      const current = await view.get(ADDRESSES, id);
      if (!current) return [entryChange, history];
      const next: Stored = { ...current, rpa, rpa_since: since, updated_at: at };
      const { doc, changes } = await rekey(next, view);
      return [entryChange, history, put(ADDRESSES, doc), searchEntry(doc), ...changes];
    }
    const event = domainEventOf<AddressEvent>(recorded);
    const id = addressIdOf(recorded.streamId);
    const current =
      event.type === 'AddressCreated' ? await created(event, at, recorded.metadata.userId, recorded.revision, view) : await view.get(ADDRESSES, id);
    if (!current) return [];
    const next = finish({ ...applyAddressEvent(current, event), revision: recorded.revision, updated_at: at });
    const { doc, changes } = await rekey(next, view);
    return [put(ADDRESSES, doc), searchEntry(doc), ...changes];
  },
};
