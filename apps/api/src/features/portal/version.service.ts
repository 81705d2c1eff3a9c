import { SERVICES, type VersionInfo } from '@portal/contracts';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { refuseFilters } from './refuse-filters';

/** version: the running build (1.6.6 plus commit distance), polled by the web every 60000 ms. */
export function versionService(version: VersionInfo): ServiceDefinition {
  return {
    path: SERVICES.version,
    methods: {
      find: { anyOf: null, run: async (_context, args) => (refuseFilters(args.query), { total: 1, limit: 1, skip: 0, data: [version] }) },
      get: { anyOf: null, run: async (_context, args) => (refuseFilters(args.query), version) },
    },
  };
}
