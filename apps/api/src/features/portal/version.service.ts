import { SERVICES, type VersionInfo } from '@portal/contracts';
import { describeOcrEngine, ocrEngineInUse } from '@portal/extraction';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { refuseFilters } from './refuse-filters';

/** version: the running build (1.6.6 plus commit distance) and its OCR engine, polled by the web every 60000 ms. */
export function versionService(build: VersionInfo): ServiceDefinition {
  const version = async (): Promise<VersionInfo> => ({ ...build, ocrEngine: describeOcrEngine(await ocrEngineInUse()) });
  return {
    path: SERVICES.version,
    methods: {
      find: { anyOf: null, run: async (_context, args) => (refuseFilters(args.query), { total: 1, limit: 1, skip: 0, data: [await version()] }) },
      get: { anyOf: null, run: async (_context, args) => (refuseFilters(args.query), await version()) },
    },
  };
}
