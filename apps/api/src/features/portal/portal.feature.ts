import type { Feature, FeatureDeps } from '../feature';
import { configService } from './config.service';
import { versionService } from './version.service';

/** The portal's own settings (brand, slogans, backend) and its version. */
export function portalFeature(deps: FeatureDeps): Feature {
  return { name: 'portal', services: [configService(deps.reads, deps.commands), versionService(deps.build)] };
}
