import type { CompanySettings } from '@portal/contracts';
import { DEFAULT_COMPANY_SETTINGS, type CompanyEvent, domainEventOf } from '@portal/domain';
import { collectionSpecs, COMPANY_SETTINGS, putBuilt } from '@portal/read-models';
import type { Projection } from '../runtime/projection';

export const companySettingsProjection: Projection = {
  name: 'company-settings',
  version: 4,
  collections: collectionSpecs(COMPANY_SETTINGS),
  // `revision` counts the settings changes, as the company decider does: the form's concurrency is checked
  // against settings changes only, so a rename or a new period neither conflicts with it nor pushes the record.
  handles: ['CompanyRegistered', 'CompanySettingsChanged'],
  async project(recorded, view) {
    const event = domainEventOf<CompanyEvent>(recorded);
    if (event.type === 'CompanyRegistered') {
      const settings: CompanySettings = {
        id: event.data.company_no,
        client_no: event.data.company_no,
        ...DEFAULT_COMPANY_SETTINGS,
        upload_email: `belege+${event.data.company_no}@portal.example`,
        revision: 0,
        updated_at: recorded.metadata.time,
      };
      return [putBuilt(COMPANY_SETTINGS, settings)];
    }
    if (event.type !== 'CompanySettingsChanged' || recorded.metadata.clientNo === null) return [];
    const current = await view.get(COMPANY_SETTINGS, recorded.metadata.clientNo);
    if (!current) return [];
    return [putBuilt(COMPANY_SETTINGS, { ...current, ...event.data.changes, revision: current.revision + 1, updated_at: recorded.metadata.time })];
  },
};
