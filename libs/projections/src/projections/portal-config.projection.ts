import type { PortalConfigured } from '@portal/domain';
import { collectionSpecs, PORTAL_CONFIG } from '@portal/read-models';
import type { Projection } from '../runtime/projection';

export const portalConfigProjection: Projection = {
  name: 'portal-config',
  version: 1,
  collections: collectionSpecs(PORTAL_CONFIG),
  handles: ['PortalConfigured'],
  async project(recorded) {
    const event = recorded as unknown as PortalConfigured;
    return [{ op: 'put', collection: PORTAL_CONFIG, doc: { id: 'portal', ...event.data } }];
  },
};
