import { RESPONSIBILITY_EVENT_TYPES, type ResponsibilityEvent } from '@portal/domain';
import { collectionSpecs, RESPONSIBILITIES } from '@portal/read-models';
import type { Projection } from '../runtime/projection';

/** responsibilities: per client company (id = client_no) the responsible staff member and the deputies, with names. */
export const responsibilitiesProjection: Projection = {
  name: 'responsibilities',
  version: 1,
  collections: collectionSpecs(RESPONSIBILITIES),
  handles: RESPONSIBILITY_EVENT_TYPES,
  async project(recorded) {
    const event = recorded as unknown as ResponsibilityEvent;
    const d = event.data;
    return [
      {
        op: 'put',
        collection: RESPONSIBILITIES,
        doc: { id: d.clientNo, client_no: d.clientNo, responsible_id: d.responsible.id, responsible_name: d.responsible.name, deputies: d.deputies, updated_at: recorded.metadata.time, revision: recorded.revision },
      },
    ];
  },
};
