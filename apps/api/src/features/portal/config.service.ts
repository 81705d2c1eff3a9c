import { NotFound, SERVICES } from '@portal/contracts';
import { PORTAL_CONFIG } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { refuseFilters } from './refuse-filters';

/** config: brand, slogans, documentation link and backend configuration (spec §3, global state). */
export function configService(store: ReadStore): ServiceDefinition {
  const load = async () => {
    const config = await store.get(PORTAL_CONFIG, 'portal');
    if (!config) throw NotFound('The portal is not configured yet.');
    return config;
  };
  return {
    path: SERVICES.config,
    mirror: { collection: PORTAL_CONFIG, clientOf: () => null },
    methods: {
      get: { anyOf: null, run: (_context, args) => (refuseFilters(args.query), load()) },
      find: {
        anyOf: null,
        async run(_context, args) {
          refuseFilters(args.query);
          const config = await load();
          return { total: 1, limit: 1, skip: 0, data: [config] };
        },
      },
    },
  };
}
