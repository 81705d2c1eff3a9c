import type { Feature, FeatureDeps } from '../feature';
import { responsibilitiesService } from './responsibilities.service';

/** The staff member responsible for each client company, and the deputies. */
export function responsibilitiesFeature(deps: FeatureDeps): Feature {
  return { name: 'responsibilities', services: [responsibilitiesService(deps.reads, deps.commands)] };
}
