import type { PortalConfig } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

/** The firm's portal configuration (brand, slogans, documentation wiki), recorded as events like every other change. */
export type PortalSettings = Omit<PortalConfig, 'id' | 'firmTimeZone'>;
export type PortalConfigured = DomainEvent<'PortalConfigured', PortalSettings>;
/** An administrator chose the firm's time zone on screen: it replaces the server's configured default from then on. */
export type FirmTimeZoneSet = DomainEvent<'FirmTimeZoneSet', { timeZone: string }>;
export type PortalEvent = PortalConfigured | FirmTimeZoneSet;

export const PORTAL_EVENT_TYPES = ['PortalConfigured', 'FirmTimeZoneSet'] as const satisfies readonly PortalEvent['type'][];

export const PORTAL_STREAM_ID = 'portal-config';
