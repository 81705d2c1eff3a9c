import type { Company } from '@portal/contracts';
import type { CompanyEvent } from '@portal/domain';
import type { Projection } from '../runtime/projection';

export const COMPANIES = 'companies';

/** accounting-client: one record per company, with the stream revision for optimistic concurrency. */
export const companiesProjection: Projection = {
  name: 'companies',
  version: 1,
  collections: [{ name: COMPANIES, indexes: [['company_no'], ['company_name']] }],
  handles: ['CompanyRegistered', 'CompanyRenamed', 'AccountingPeriodOpened', 'CurrentAccountingPeriodSet', 'CompanySettingsChanged'],
  async project(recorded, view) {
    const event = recorded as unknown as CompanyEvent;
    const at = recorded.metadata.time;
    if (event.type === 'CompanyRegistered') {
      const company: Company = {
        id: event.data.company_no,
        company_no: event.data.company_no,
        company_name: event.data.company_name,
        company_place: event.data.company_place,
        current_accounting: null,
        notifications: { invoices: 0, documents: 0 },
        revision: recorded.revision,
        created_at: at,
        updated_at: at,
      };
      return [{ op: 'put', collection: COMPANIES, doc: { ...company } }];
    }
    const companyNo = recorded.metadata.clientNo;
    if (companyNo === null) return [];
    const current = (await view.get(COMPANIES, companyNo)) as unknown as Company | null;
    if (!current) return [];
    const next: Company = { ...current, revision: recorded.revision, updated_at: at };
    if (event.type === 'CompanyRenamed') Object.assign(next, { company_name: event.data.company_name, company_place: event.data.company_place });
    if (event.type === 'CurrentAccountingPeriodSet') next.current_accounting = event.data.accounting;
    return [{ op: 'put', collection: COMPANIES, doc: { ...next } }];
  },
};
