import type { Feature, FeatureDeps } from '../feature';
import { firmOverviewService } from './firm-overview.service';

/** The firm's overview of its clients. */
export function overviewFeature(deps: FeatureDeps): Feature {
  return { name: 'overview', services: [firmOverviewService(deps.reads)] };
}
