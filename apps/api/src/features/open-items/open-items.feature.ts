import type { Feature, FeatureDeps } from '../feature';
import { openItemsService } from './open-items.service';

/** The clients' open items: payables and receivables from booked invoices, minus payments. */
export function openItemsFeature(deps: FeatureDeps): Feature {
  return { name: 'open-items', services: [openItemsService(deps.reads, deps.commands)] };
}
