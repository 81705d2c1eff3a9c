import type { Feature, FeatureDeps } from '../feature';
import { retryHandlers, type RetryDeps } from './retry-handlers';
import { rpaErrorsService } from './rpa-errors.service';

/**
 * The failed automated steps and their retries, which start an ERP export or a FON import again through those services.
 * Named after its screen, the "RPA error view" (spec §2), as its service `rpa-errors`; the screen's URL stays `/error`.
 */
export function rpaErrorsFeature(deps: FeatureDeps, targets: Pick<RetryDeps, 'erpExports' | 'fonImports'>): Feature {
  const handlers = retryHandlers({ reads: deps.reads, commands: deps.commands, bus: deps.bus, ...targets });
  return { name: 'rpa-errors', services: [rpaErrorsService(deps.reads, deps.commands, handlers)] };
}
