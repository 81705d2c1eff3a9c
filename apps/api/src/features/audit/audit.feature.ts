import type { Feature, FeatureDeps } from '../feature';
import { documentHistoryService } from './document-history.service';

/** The history of a document, read from its events. */
export function auditFeature(deps: FeatureDeps): Feature {
  return { name: 'audit', services: [documentHistoryService(deps.events, deps.reads)] };
}
