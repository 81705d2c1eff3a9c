import type { CompanySettingsValues } from './company.events';

export type RegisterCompany = { type: 'RegisterCompany'; company_no: number; company_name: string; company_place: string };
export type RenameCompany = { type: 'RenameCompany'; company_name?: string; company_place?: string };
export type OpenAccountingPeriod = { type: 'OpenAccountingPeriod'; accounting: number };
export type SetCurrentAccountingPeriod = { type: 'SetCurrentAccountingPeriod'; accounting: number };
export type ChangeCompanySettings = { type: 'ChangeCompanySettings'; changes: Partial<CompanySettingsValues> };

export type CompanyCommand = RegisterCompany | RenameCompany | OpenAccountingPeriod | SetCurrentAccountingPeriod | ChangeCompanySettings;
