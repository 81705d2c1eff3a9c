import type { AccountSystem, Locale } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

export type CompanyRegistered = DomainEvent<'CompanyRegistered', { company_no: number; company_name: string; company_place: string }>;
export type CompanyRenamed = DomainEvent<'CompanyRenamed', { company_name: string; company_place: string }>;
export type AccountingPeriodOpened = DomainEvent<'AccountingPeriodOpened', { accounting: number; start: string; end: string }>;
export type CurrentAccountingPeriodSet = DomainEvent<'CurrentAccountingPeriodSet', { accounting: number }>;
export type CompanySettingsChanged = DomainEvent<'CompanySettingsChanged', { changes: Partial<CompanySettingsValues> }>;

export type CompanyEvent = CompanyRegistered | CompanyRenamed | AccountingPeriodOpened | CurrentAccountingPeriodSet | CompanySettingsChanged;

export interface CompanySettingsValues {
  account_system: AccountSystem;
  default_expense_account: string | null;
  document_language: Locale;
  auto_confirm_einvoices: boolean;
}

export const DEFAULT_COMPANY_SETTINGS: CompanySettingsValues = {
  account_system: 'DATEV',
  default_expense_account: null,
  document_language: 'de',
  auto_confirm_einvoices: false,
};

export const companyStreamId = (companyNo: number) => `company-${companyNo}`;
