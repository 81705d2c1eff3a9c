import { DEFAULT_TIME_ZONE, isTimeZone, type PortalConfig } from '@portal/contracts';
import { PORTAL_CONFIG } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';

/** The firm's time zone from the recorded portal configuration; Europe/Vienna for configurations recorded before it existed. */
export const timeZoneOf = (config: Partial<PortalConfig> | Record<string, unknown> | null): string =>
  typeof config?.timeZone === 'string' && isTimeZone(config.timeZone) ? config.timeZone : DEFAULT_TIME_ZONE;

/** The firm's time zone in force now (an administrator may change it on screen at any time). */
export async function firmTimeZone(store: ReadStore): Promise<string> {
  return timeZoneOf(await store.get(PORTAL_CONFIG, 'portal'));
}
