export { settingsIssues, countryDefaults, sameSetting } from './company-settings.rules';
export { companyDecider } from './company.decide';
export type { CompanyCommand, RegisterCompany, RenameCompany, OpenAccountingPeriod, SetCurrentAccountingPeriod, ChangeCompanySettings } from './company.decide';
export { companyStreamId, DEFAULT_COMPANY_SETTINGS } from './company.events';
export type { CompanyEvent, CompanySettingsValues } from './company.events';
export type { CompanyState } from './company.state';
