import type { CompanySettingsValues } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

export type CompanyRegistered = DomainEvent<'CompanyRegistered', { company_no: number; company_name: string; company_place: string }>;
export type CompanyRenamed = DomainEvent<'CompanyRenamed', { company_name: string; company_place: string }>;
export type AccountingPeriodOpened = DomainEvent<'AccountingPeriodOpened', { accounting: number; start: string; end: string }>;
export type CurrentAccountingPeriodSet = DomainEvent<'CurrentAccountingPeriodSet', { accounting: number }>;
export type CompanySettingsChanged = DomainEvent<'CompanySettingsChanged', { changes: Partial<CompanySettingsValues> }>;

export type CompanyEvent = CompanyRegistered | CompanyRenamed | AccountingPeriodOpened | CurrentAccountingPeriodSet | CompanySettingsChanged;

export type { CompanySettingsValues };

/** Settings of a newly registered company (Germany, DATEV SKR03); the admin adapts them per client. */
export const DEFAULT_COMPANY_SETTINGS: CompanySettingsValues = {
  account_system: 'DATEV',
  chart_of_accounts: 'SKR03',
  country: 'DE',
  erp_consultant_no: null,
  erp_client_no: null,
  default_expense_account: null,
  fiscal_year_start_month: 1,
  tax_rates: [19, 7, 0],
  payment_terms: { net_days: 30, skonto: [{ days: 14, percent: 2 }] },
  dunning_levels: [
    { level: 1, days_after_due: 14, fee: 0 },
    { level: 2, days_after_due: 28, fee: 5 },
    { level: 3, days_after_due: 42, fee: 10 },
  ],
  bank_import: { format: 'camt.053', auto_match: true, amount_tolerance: 0, date_tolerance_days: 5, skip_duplicates: true },
  retention_years: 10,
  document_language: 'de',
  auto_confirm_einvoices: false,
};

export const companyStreamId = (companyNo: number) => `company-${companyNo}`;
