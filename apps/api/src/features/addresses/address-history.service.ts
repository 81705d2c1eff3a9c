import { NotFound, SERVICES, type AddressHistoryEntry, type VatCheck } from '@portal/contracts';
import { addressStreamId, domainEventOf, RPA_DATABASE_STREAM_ID, type AddressEvent, type RpaEvent } from '@portal/domain';
import type { EventStore } from '@portal/event-store';
import { ADDRESS_RPA_EVENTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { userLookup } from '../audit/user-names';
import { validate } from '../validate';

const findSchema = z.strictObject({
  address_id: z.union([
    z.number().int().positive(),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ]),
});

type Change = AddressHistoryEntry['changes'][number];

function changesOf(event: AddressEvent | RpaEvent): { changes: Change[]; vat_check: VatCheck | null } {
  switch (event.type) {
    case 'AddressCreated':
      return {
        changes: Object.entries(event.data.fields)
          .filter(([, v]) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0))
          .map(([field, v]) => ({ field, old: null, new: v })),
        vat_check: null,
      };
    case 'AddressEdited':
      return { changes: Object.entries(event.data.changes).map(([field, c]) => ({ field, old: c.old, new: c.new })), vat_check: null };
    case 'AddressAbsorbed':
      return {
        changes: [
          { field: 'merged_from', old: null, new: event.data.sourceId },
          ...Object.entries(event.data.changes).map(([field, c]) => ({ field, old: c.old, new: c.new })),
        ],
        vat_check: null,
      };
    case 'AddressAccountsChanged':
      return { changes: [{ field: 'accounts', old: event.data.previous, new: event.data.accounts }], vat_check: null };
    case 'AddressMergedInto':
      return { changes: [{ field: 'merged_into', old: null, new: event.data.targetId }], vat_check: null };
    case 'AddressDeleted':
      return { changes: [], vat_check: null };
    case 'VatIdChecked':
      return { changes: [{ field: 'vat_check', old: null, new: event.data.check.result }], vat_check: event.data.check };
    case 'RpaAddressRegistered':
    case 'RpaAddressUpdated':
      return { changes: [{ field: 'rpa', old: null, new: { name: event.data.name, vat_id: event.data.vatId } }], vat_check: null };
    case 'RpaAddressWithdrawn':
      return {
        changes: [
          { field: 'rpa', old: true, new: false },
          { field: 'reason', old: null, new: event.data.reason },
        ],
        vat_check: null,
      };
  }
}

/**
 * address-history (adm): find `{ address_id }` lists the address's events (created, edits old → new,
 * accounts, merges, VAT checks with their result and time) and its RPA registrations (read model
 * address_rpa_events, not the whole RPA stream), oldest first.
 */
export function addressHistoryService(events: EventStore, store: ReadStore): ServiceDefinition {
  return {
    path: SERVICES.addressHistory,
    methods: {
      find: {
        anyOf: ['adm'],
        async run(_context, args) {
          const { address_id } = validate(findSchema, args.query, 'query');
          const own = await events.readStream(addressStreamId(address_id));
          if (own.length === 0) throw NotFound(`No record found for id '${address_id}'`);
          const rpa = (await store.find(ADDRESS_RPA_EVENTS, { where: { address_id }, sort: [['position', 1]], skip: 0, limit: 10_000 })).data;
          const users = userLookup(store);
          const all = [
            ...own.map((e) => ({
              id: `${e.streamId}:${e.revision}`,
              position: e.position,
              revision: e.revision,
              event: domainEventOf<AddressEvent>(e),
              at: e.metadata.time,
              userId: e.metadata.userId,
            })),
            ...rpa.map((e) => ({
              id: `${RPA_DATABASE_STREAM_ID}:${e.revision}`,
              position: e.position,
              revision: e.revision,
              event: domainEventOf<RpaEvent>(e),
              at: e.time,
              userId: e.user_id,
            })),
          ].sort((a, b) => a.position - b.position || a.revision - b.revision);
          const data: AddressHistoryEntry[] = [];
          for (const e of all) {
            const user = await users(e.userId);
            const { changes, vat_check } = changesOf(e.event);
            data.push({
              id: e.id,
              address_id,
              revision: e.revision,
              type: e.event.type,
              at: e.at,
              user_id: e.userId,
              user_name: user.name ?? user.username,
              changes,
              vat_check,
            });
          }
          return { total: data.length, limit: data.length, skip: 0, data };
        },
      },
    },
  };
}
