import { BadRequest, SERVICES, type AddressRecord } from '@portal/contracts';
import { ADDRESSES, type StoredAddress } from '@portal/read-models';
import { omitFields, parseQuery, type ReadStore, type SearchRequest } from '@portal/read-store';
import type { CommandSender } from '../../platform/domain-command';
import { readModelService } from '../../gateway/read-model-service';
import type { CallArgs, CallContext, ServiceDefinition } from '../../gateway/service-definition';
import { validate } from '../validate';
import { checkAccountsExist } from './address-accounts';
import { searchActiveAddresses } from './address-search';
import { AddressCommands } from './address-commands';
import { createSchema, editSchema, patchActionSchema, rpaSchema } from './address-schema';
import type { ViesPort } from './vies/vies.port';

const FIELDS = ['name_sort', 'name', 'status', 'rpa', 'country', 'vat_id', 'vat_result', 'place', 'created_at', 'updated_at'] as const;
const INTERNAL = ['name_sort', 'vat_result', 'rpa_keys'];

/** What leaves the server: the record without the projection's helper fields. */
export const presentAddress = (doc: StoredAddress): AddressRecord => omitFields(doc, INTERNAL);

/**
 * addresses (adm): the parties with their per-client accounts, the RPA flag and the latest VAT check.
 * - find: filters `status` (default active), `rpa`, `country`, `vat_result`; sorted by name; or `search`
 *   (full text over name, VAT ID, register number, IBANs, place, ...; active addresses), best hits first
 * - get, create (CreateAddressData), patch (AddressPatch: edit, `{ rpa }`, merge, check-vat), remove
 */
export function addressesService(store: ReadStore, commands: CommandSender, vies: ViesPort): ServiceDefinition {
  const base = readModelService(store, {
    collection: ADDRESSES,
    fields: FIELDS,
    defaultLimit: 50,
    maxLimit: 500,
    clientField: null,
    read: ['adm'],
    present: presentAddress,
    extraKeys: ['search'],
  });
  const steps = new AddressCommands(store, commands, vies);
  const answer = async (context: CallContext, id: number) => presentAddress(await base.load(context.user, id));

  const find = async (context: CallContext, args: CallArgs) => {
    const { query, extras } = parseQuery(args.query, { fields: FIELDS, defaultLimit: 50, maxLimit: 500, extraKeys: ['search'] });
    const search = extras.search;
    if (search !== undefined && (typeof search !== 'string' || search.length > 200)) throw BadRequest('search must be a text of at most 200 characters.');
    if (typeof search === 'string' && search.trim() !== '') {
      const { status = 'active', ...filters } = query.where as Record<string, unknown>;
      if (status !== 'active') throw BadRequest('search finds active addresses only: leave out status.');
      const page = await searchActiveAddresses(store, search, filters as SearchRequest['where'], query.skip, query.limit);
      return { ...page, data: page.data.map(presentAddress) };
    }
    const where = 'status' in query.where ? query.where : { $and: [query.where, { status: 'active' }] };
    const page = await store.find(ADDRESSES, {
      ...query,
      where,
      sort: query.sort.length
        ? query.sort
        : [
            ['name_sort', 1],
            ['id', 1],
          ],
    });
    return { ...page, data: page.data.map(presentAddress) };
  };

  return {
    path: SERVICES.addresses,
    mirror: base.mirror,
    methods: {
      find: { anyOf: ['adm'], run: find },
      get: base.get,
      create: {
        anyOf: ['adm'],
        async run(context, args) {
          const data = validate(createSchema, args.data, 'address');
          const { accounts = [], rpa = false, ...fields } = data;
          await checkAccountsExist(store, accounts);
          return answer(context, await steps.create(context, fields, accounts, rpa));
        },
      },
      patch: {
        anyOf: ['adm'],
        async run(context, args) {
          const id = (await base.load(context.user, args.id)).id as number;
          const data = args.data ?? {};
          if ('action' in data) {
            const action = validate(patchActionSchema, data, 'action');
            if (action.action === 'merge') await steps.merge(context, id, action.source);
            else await steps.checkVat(context, id);
          } else if ('rpa' in data) {
            await steps.setRpa(context, id, validate(rpaSchema, data, 'RPA flag').rpa);
          } else {
            const { accounts, ...fields } = validate(editSchema, data, 'address');
            if (accounts) await checkAccountsExist(store, accounts);
            await steps.edit(context, id, fields, accounts);
          }
          return answer(context, id);
        },
      },
      remove: {
        anyOf: ['adm'],
        async run(context, args) {
          const id = (await base.load(context.user, args.id)).id as number;
          await steps.remove(context, id);
          return answer(context, id);
        },
      },
    },
  };
}
