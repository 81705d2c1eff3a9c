import { checkTopology as check } from '@portal/bus';
import type { PortalConfig } from './portal-config';

/** The start-up check of this process's roles against its adapters (see @portal/bus checkTopology); throws with the reason. */
export function checkTopology(config: Pick<PortalConfig, 'roles'>, adapters: { bus: string }, changeFeed = true): string[] {
  return check({ roles: config.roles, bus: adapters.bus, changeFeed });
}
