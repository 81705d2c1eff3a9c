import { DEFAULT_TIME_ZONE, dayIn, isTimeZone, type PortalConfig } from '@portal/contracts';
import { PORTAL_CONFIG } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';

/** The firm's time zone from the recorded portal configuration; Europe/Vienna for configurations recorded before it existed. */
export const timeZoneOf = (config: Partial<PortalConfig> | Record<string, unknown> | null): string =>
  typeof config?.timeZone === 'string' && isTimeZone(config.timeZone) ? config.timeZone : DEFAULT_TIME_ZONE;

/** The firm's time zone in force now (an administrator may change it on screen at any time). */
export async function firmTimeZone(store: ReadStore): Promise<string> {
  return timeZoneOf(await store.get(PORTAL_CONFIG, 'portal'));
}

/** Today in the firm's calendar: what "due", "overdue", "this month" and a deadline's day mean to its people. */
export async function firmToday(store: ReadStore, now: Date = new Date()): Promise<string> {
  return dayIn(await firmTimeZone(store), now);
}
