import { domainEventOf, PORTAL_EVENT_TYPES, type PortalEvent } from '@portal/domain';
import { collectionSpecs, PORTAL_CONFIG, put } from '@portal/read-models';
import type { Projection } from '../runtime/projection';

/**
 * The portal's configuration as recorded at the server's start, with the firm's time zone: the one an
 * administrator chose (kept through later starts), else the server's configured default.
 */
export const portalConfigProjection: Projection = {
  name: 'portal-config',
  version: 2,
  collections: collectionSpecs(PORTAL_CONFIG),
  handles: [...PORTAL_EVENT_TYPES],
  async project(recorded, view) {
    const event = domainEventOf<PortalEvent>(recorded);
    const current = await view.get(PORTAL_CONFIG, 'portal');
    const chosen = typeof current?.firmTimeZone === 'string' ? current.firmTimeZone : null;
    switch (event.type) {
      case 'PortalConfigured':
        return [put(PORTAL_CONFIG, { id: 'portal', ...event.data, ...(chosen === null ? {} : { timeZone: chosen, firmTimeZone: chosen }) })];
      case 'FirmTimeZoneSet':
        return [put(PORTAL_CONFIG, { ...current, id: 'portal', timeZone: event.data.timeZone, firmTimeZone: event.data.timeZone })];
    }
  },
};
