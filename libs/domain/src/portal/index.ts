export { portalDecider } from './portal.decide';
export type { ConfigurePortal, PortalCommand } from './portal.decide';
export { PORTAL_STREAM_ID } from './portal.events';
export type { PortalConfigured, PortalEvent, PortalSettings } from './portal.events';
export type { PortalState } from './portal.state';
