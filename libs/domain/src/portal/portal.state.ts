import type { PortalEvent, PortalSettings } from './portal.events';

export type PortalState = { settings: PortalSettings | null };

export const initialPortalState: PortalState = { settings: null };

export const evolvePortal = (_state: PortalState, event: PortalEvent): PortalState => ({ settings: event.data });
