import type { CollectionSpec } from '@portal/read-store';

export const COMPANIES = 'companies';
export const COMPANY_SETTINGS = 'company_settings';
export const ACC_PERIODS = 'acc_periods';

export const COMPANY_COLLECTIONS: readonly CollectionSpec[] = [
  { name: COMPANIES, indexes: [['company_no'], ['company_name'], ['company_place']] },
  { name: COMPANY_SETTINGS, indexes: [['client_no']] },
  { name: ACC_PERIODS, indexes: [['client_no', 'accounting']] },
];
