import type { Locale } from './user';

/**
 * Client settings (`/settings/{client}`, service `company-settings`). One record per client company;
 * reports (open items: Skonto, dunning), banking (bank import) and the ERP export read it.
 */

/** ERP target: the accounting system the bookings are imported into (spec §3: backendConfig.defaultAccountSystem). */
export const ACCOUNT_SYSTEMS = ['DATEV', 'BMD'] as const;
export type AccountSystem = (typeof ACCOUNT_SYSTEMS)[number];

/** Chart of accounts: DATEV SKR03 / SKR04 (Germany), Einheitskontenrahmen EKR (Austria). */
export const CHARTS_OF_ACCOUNTS = ['SKR03', 'SKR04', 'EKR'] as const;
export type ChartOfAccounts = (typeof CHARTS_OF_ACCOUNTS)[number];

/** The client's tax jurisdiction: decides the minimum retention and the usual tax rates. */
export const SETTINGS_COUNTRIES = ['AT', 'DE'] as const;
export type SettingsCountry = (typeof SETTINGS_COUNTRIES)[number];

export const BANK_IMPORT_FORMATS = ['camt.053', 'MT940', 'CSV'] as const;
export type BankImportFormat = (typeof BANK_IMPORT_FORMATS)[number];

/** One Skonto tier: `percent` off when paid within `days` of the invoice date. */
export interface SkontoTier {
  days: number;
  percent: number;
}

/** Default payment terms of the client's invoices: net due after `net_days`, up to two Skonto tiers. */
export interface PaymentTerms {
  net_days: number;
  skonto: SkontoTier[];
}

/** One dunning level (1 to 3): sent `days_after_due` days after the due date, with a fee in EUR. */
export interface DunningLevel {
  level: number;
  days_after_due: number;
  fee: number;
}

/** How bank statements are imported and matched to open items. */
export interface BankImportOptions {
  format: BankImportFormat;
  /** Match payments to open items by amount, reference and IBAN automatically. */
  auto_match: boolean;
  /** Largest difference in EUR a match still accepts (bank fees, rounding). */
  amount_tolerance: number;
  /** Days a value date may lie away from the due or Skonto date. */
  date_tolerance_days: number;
  /** Transactions already imported (same bank reference) are skipped. */
  skip_duplicates: boolean;
}

/** The editable values; `company-settings patch` takes any subset, `update` all of them. */
export interface CompanySettingsValues {
  /** ERP target (DATEV or BMD); the export format of erp-exports. */
  account_system: AccountSystem;
  chart_of_accounts: ChartOfAccounts;
  country: SettingsCountry;
  /** DATEV Beraternummer (1001–9999999) or BMD firm number (1–99999); null: not set. */
  erp_consultant_no: number | null;
  /** DATEV Mandantennummer (1–99999) or BMD client number (1–999999); null: the company number. */
  erp_client_no: number | null;
  /** An expense account of the client's master data (acc-exp-acc); "Account not found" otherwise. */
  default_expense_account: string | null;
  /** Month (1–12) whose first day starts the fiscal year. */
  fiscal_year_start_month: number;
  /** VAT rates in percent the client uses, highest first. */
  tax_rates: number[];
  payment_terms: PaymentTerms;
  /** One to three levels, days strictly increasing. */
  dunning_levels: DunningLevel[];
  bank_import: BankImportOptions;
  /** Document retention in years: at least 7 in Austria (BAO § 132), 8 in Germany (GoBD, § 147 AO vouchers). */
  retention_years: number;
  document_language: Locale;
  auto_confirm_einvoices: boolean;
}

/** company-settings: one record per client company. */
export interface CompanySettings extends CompanySettingsValues {
  id: number;
  client_no: number;
  upload_email: string;
  revision: number;
  updated_at: string;
}

/** Minimum retention per country (BAO § 132: 7 years; GoBD / § 147 AO: booking vouchers 8, books 10 years). */
export const MIN_RETENTION_YEARS: Record<SettingsCountry, number> = { AT: 7, DE: 8 };
export const MAX_RETENTION_YEARS = 30;
export const MAX_DUNNING_LEVELS = 3;
export const MAX_SKONTO_TIERS = 2;

/**
 * Settings validation messages: `key` is what the web translates (en and de), `message` the English
 * text the server sends. A refused change answers 422 with data `{ issues: SettingsIssue[] }`.
 */
export const SETTINGS_MESSAGES = {
  accountNotFound: 'Account not found',
  required: 'Required field',
  retentionTooShort: 'Retention must be at least {min} years in {country}',
  retentionTooLong: 'Retention must be at most {max} years',
  taxRateInvalid: 'Tax rates must be between 0 and 100 with at most two decimals, each once',
  skontoOrder: 'Skonto days must be shorter than the net days and increase from tier to tier, with decreasing percent',
  dunningOrder: 'Dunning levels must be numbered 1 to 3 with increasing days',
  consultantRange: 'Consultant number must be between {min} and {max}',
  clientRange: 'Client number must be between {min} and {max}',
  numberRange: 'Must be a number between {min} and {max}',
  sixDigits: 'Six digits required',
} as const;
export type SettingsMessageKey = keyof typeof SETTINGS_MESSAGES;

export interface SettingsIssue {
  /** The settings field, dotted for nested values (payment_terms.skonto). */
  field: string;
  key: SettingsMessageKey;
  message: string;
  params?: Record<string, string | number>;
}

/** ERP number ranges: DATEV header (Beraternummer, Mandantennummer) and BMD NTCS. */
export const ERP_NUMBER_RANGES: Record<AccountSystem, { consultant: { min: number; max: number }; client: { min: number; max: number } }> = {
  DATEV: { consultant: { min: 1001, max: 9_999_999 }, client: { min: 1, max: 99_999 } },
  BMD: { consultant: { min: 1, max: 99_999 }, client: { min: 1, max: 999_999 } },
};

/** Fills `{name}` placeholders of a message. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) => (params[name] === undefined ? all : String(params[name])));
}
