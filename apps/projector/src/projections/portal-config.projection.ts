import type { PortalConfigured } from '@portal/domain';
import type { Projection } from '../runtime/projection';

export const PORTAL_CONFIG = 'portal_config';

export const portalConfigProjection: Projection = {
  name: 'portal-config',
  version: 1,
  collections: [{ name: PORTAL_CONFIG, indexes: [] }],
  handles: ['PortalConfigured'],
  async project(recorded) {
    const event = recorded as unknown as PortalConfigured;
    return [{ op: 'put', collection: PORTAL_CONFIG, doc: { id: 'portal', ...event.data } }];
  },
};
