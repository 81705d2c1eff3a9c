export { firmTimeZoneOf, portalDecider } from './portal.decide';
export type { ConfigurePortal, PortalCommand, SetFirmTimeZone } from './portal.decide';
export { PORTAL_EVENT_TYPES, PORTAL_STREAM_ID } from './portal.events';
export type { FirmTimeZoneSet, PortalConfigured, PortalEvent, PortalSettings } from './portal.events';
export type { PortalState } from './portal.state';
