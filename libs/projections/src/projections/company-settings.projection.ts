import type { CompanySettings } from '@portal/contracts';
import { DEFAULT_COMPANY_SETTINGS, type CompanyEvent, domainEventOf } from '@portal/domain';
import { collectionSpecs, COMPANY_SETTINGS, putBuilt } from '@portal/read-models';
import type { Projection } from '../runtime/projection';

export const companySettingsProjection: Projection = {
  name: 'company-settings',
  version: 3,
  collections: collectionSpecs(COMPANY_SETTINGS),
  // Every company event moves the stream revision the settings' optimistic concurrency is checked against.
  handles: ['CompanyRegistered', 'CompanySettingsChanged', 'CompanyRenamed', 'AccountingPeriodOpened', 'CurrentAccountingPeriodSet'],
  async project(recorded, view) {
    const event = domainEventOf<CompanyEvent>(recorded);
    if (event.type === 'CompanyRegistered') {
      const settings: CompanySettings = {
        id: event.data.company_no,
        client_no: event.data.company_no,
        ...DEFAULT_COMPANY_SETTINGS,
        upload_email: `belege+${event.data.company_no}@portal.example`,
        revision: recorded.revision,
        updated_at: recorded.metadata.time,
      };
      return [putBuilt(COMPANY_SETTINGS, settings)];
    }
    if (recorded.metadata.clientNo === null) return [];
    const current = await view.get(COMPANY_SETTINGS, recorded.metadata.clientNo);
    if (!current) return [];
    if (event.type !== 'CompanySettingsChanged') return [putBuilt(COMPANY_SETTINGS, { ...current, revision: recorded.revision })];
    return [putBuilt(COMPANY_SETTINGS, { ...current, ...event.data.changes, revision: recorded.revision, updated_at: recorded.metadata.time })];
  },
};
