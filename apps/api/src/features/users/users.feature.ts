import type { Feature, FeatureDeps } from '../feature';
import { usersService } from './users.service';

/** The portal's login accounts: listed, enabled and disabled by administrators within their reach; each user's own language. */
export function usersFeature(deps: FeatureDeps): Feature {
  return { name: 'users', services: [usersService(deps.reads, deps.commands)] };
}
