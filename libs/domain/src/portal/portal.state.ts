import type { PortalEvent, PortalSettings } from './portal.events';

/** The configuration the server recorded at its start, and the time zone an administrator chose (null: none yet). */
export type PortalState = { settings: PortalSettings | null; firmTimeZone: string | null };

export const initialPortalState: PortalState = { settings: null, firmTimeZone: null };

export const evolvePortal = (state: PortalState, event: PortalEvent): PortalState => {
  switch (event.type) {
    case 'PortalConfigured':
      return { ...state, settings: event.data };
    case 'FirmTimeZoneSet':
      return { ...state, firmTimeZone: event.data.timeZone };
  }
};
