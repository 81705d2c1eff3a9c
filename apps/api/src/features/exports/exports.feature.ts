import type { ServiceDefinition } from '../../gateway/service-definition';
import type { Feature, FeatureDeps } from '../feature';
import { exportsRouter } from './erp-exports.routes';
import { erpExportsService } from './erp-exports.service';
import { exportRunner } from './export-runner';

/**
 * ERP exports: the export jobs, their runner and the download of their files. The wire keeps its own names
 * (service `erp-exports`, route `/api/exports/:id/file`, collection `export_jobs`): clients and stored data use them.
 */
export function exportsFeature(deps: FeatureDeps): Feature & { erpExports: ServiceDefinition } {
  const erpExports = erpExportsService(
    deps.reads,
    deps.commands,
    exportRunner({ reads: deps.reads, blobs: deps.blobs, commands: deps.commands, log: (m) => deps.log.warn(m) }),
  );
  return { name: 'exports', erpExports, services: [erpExports], routers: [exportsRouter(deps.authenticator, deps.reads, deps.blobs)] };
}
