import { RESPONSIBILITY_EVENT_TYPES, type ResponsibilityEvent, domainEventOf } from '@portal/domain';
import { collectionSpecs, RESPONSIBILITIES, put } from '@portal/read-models';
import type { Projection } from '../runtime/projection';

/** responsibilities: per client company (id = client_no) the responsible staff member and the deputies, with names. */
export const responsibilitiesProjection: Projection = {
  name: 'responsibilities',
  version: 1,
  collections: collectionSpecs(RESPONSIBILITIES),
  handles: RESPONSIBILITY_EVENT_TYPES,
  async project(recorded) {
    const event = domainEventOf<ResponsibilityEvent>(recorded);
    const d = event.data;
    return [
      put(RESPONSIBILITIES, {
        id: d.clientNo,
        client_no: d.clientNo,
        responsible_id: d.responsible.id,
        responsible_name: d.responsible.name,
        deputies: d.deputies,
        updated_at: recorded.metadata.time,
        revision: recorded.revision,
      }),
    ];
  },
};
