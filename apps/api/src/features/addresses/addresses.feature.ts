import type { Feature, FeatureDeps } from '../feature';
import { addressServices } from './address-services';

/** The clients' addresses, their history and the company register search. */
export function addressesFeature(deps: FeatureDeps): Feature {
  return { name: 'addresses', services: addressServices({ reads: deps.reads, events: deps.events, sender: deps.commands }) };
}
