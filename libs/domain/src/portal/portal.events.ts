import type { PortalConfig } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

/** The firm's portal configuration (brand, slogans, documentation wiki), recorded as events like every other change. */
export type PortalSettings = Omit<PortalConfig, 'id'>;
export type PortalConfigured = DomainEvent<'PortalConfigured', PortalSettings>;
export type PortalEvent = PortalConfigured;

export const PORTAL_STREAM_ID = 'portal-config';
