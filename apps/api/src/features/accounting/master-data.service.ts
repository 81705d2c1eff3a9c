import type { Permission } from '@portal/contracts';
import type { ReadStore } from '@portal/read-store';
import { readModelService } from '../../gateway/read-model-service';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { aliasMasterDataQuery, type AliasOptions } from './master-data-query';

/** Expense accounts and suppliers are loaded only with acc. */
export const MASTER_DATA_READERS: Permission[] = ['acc'];

export interface MasterDataServiceOptions extends AliasOptions {
  path: string;
  collection: string;
  fields: readonly string[];
}

/** find (with the spec's query keys) and get over one collection of accounting master data, pushed live per client. */
export function masterDataService(store: ReadStore, options: MasterDataServiceOptions) {
  const base = readModelService(store, {
    collection: options.collection,
    fields: options.fields,
    defaultLimit: 1000,
    maxLimit: 10_000,
    clientField: 'client_no',
    read: MASTER_DATA_READERS,
    parseId: (raw) => String(raw),
  });
  const definition: ServiceDefinition & { methods: NonNullable<ServiceDefinition['methods']> } = {
    path: options.path,
    mirror: base.mirror,
    methods: {
      find: { anyOf: base.find.anyOf, run: (context, args) => base.find.run(context, { ...args, query: aliasMasterDataQuery(args.query, options) }) },
      get: base.get,
    },
  };
  return { definition, base };
}
