import type { Feature, FeatureDeps } from '../feature';
import { ReportEngine } from './report-engine';
import { reportsRouter } from './reports.routes';
import { reportsService } from './reports.service';

/** Reports: the service and their downloads, from one engine. */
export function reportsFeature(deps: FeatureDeps): Feature {
  const engine = new ReportEngine(deps.events, deps.reads);
  return { name: 'reports', services: [reportsService(engine)], routers: [reportsRouter(deps.authenticator, deps.reads, engine)] };
}
