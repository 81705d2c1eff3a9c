import type { AccountingPeriod, Company, CompanySettings } from '@portal/contracts';
import type { CollectionSpec } from '@portal/read-store';
import { collection } from './collection';

export const COMPANIES = collection<Company>('companies');
export const COMPANY_SETTINGS = collection<CompanySettings>('company_settings');
export const ACC_PERIODS = collection<AccountingPeriod>('acc_periods');

export const COMPANY_COLLECTIONS: readonly CollectionSpec[] = [
  { name: COMPANIES, indexes: [['company_no'], ['company_name'], ['company_place']] },
  { name: COMPANY_SETTINGS, indexes: [['client_no']] },
  { name: ACC_PERIODS, indexes: [['client_no', 'accounting']] },
];
