import { domainEventOf, type PortalConfigured } from '@portal/domain';
import { collectionSpecs, PORTAL_CONFIG, put } from '@portal/read-models';
import type { Projection } from '../runtime/projection';

export const portalConfigProjection: Projection = {
  name: 'portal-config',
  version: 1,
  collections: collectionSpecs(PORTAL_CONFIG),
  handles: ['PortalConfigured'],
  async project(recorded) {
    const event = domainEventOf<PortalConfigured>(recorded);
    return [put(PORTAL_CONFIG, { id: 'portal', ...event.data })];
  },
};
