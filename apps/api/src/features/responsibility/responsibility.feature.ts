import type { Feature, FeatureDeps } from '../feature';
import { responsibilitiesService } from './responsibilities.service';

/**
 * The staff member responsible for each client company, and the deputies. Named as its screen (`/responsibility`);
 * the service and its collection keep the wire name `responsibilities`, which clients and stored data use.
 */
export function responsibilityFeature(deps: FeatureDeps): Feature {
  return { name: 'responsibility', services: [responsibilitiesService(deps.reads, deps.commands)] };
}
