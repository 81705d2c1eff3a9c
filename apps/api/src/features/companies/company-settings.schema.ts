import {
  ACCOUNT_SYSTEMS,
  BANK_IMPORT_FORMATS,
  CHARTS_OF_ACCOUNTS,
  LOCALES,
  MAX_DUNNING_LEVELS,
  MAX_SKONTO_TIERS,
  SETTINGS_COUNTRIES,
  SETTINGS_MESSAGES,
} from '@portal/contracts';
import { z } from 'zod';

const whole = (min: number, max: number) => z.number({ message: 'must be a number' }).int('must be a whole number').min(min).max(max);
const amount = (max: number) => z.number({ message: 'must be a number' }).min(0).max(max);

/** The shapes of client settings; the cross-field rules live in the domain (settingsIssues). */
export const settingsFields = {
  account_system: z.enum(ACCOUNT_SYSTEMS),
  chart_of_accounts: z.enum(CHARTS_OF_ACCOUNTS),
  country: z.enum(SETTINGS_COUNTRIES),
  erp_consultant_no: whole(1, 9_999_999).nullable(),
  erp_client_no: whole(1, 999_999).nullable(),
  default_expense_account: z
    .string()
    .regex(/^\d{6}$/, SETTINGS_MESSAGES.sixDigits)
    .nullable(),
  fiscal_year_start_month: whole(1, 12),
  tax_rates: z.array(amount(100)).min(1).max(10),
  payment_terms: z.strictObject({
    net_days: whole(0, 365),
    skonto: z.array(z.strictObject({ days: whole(1, 364), percent: amount(20) })).max(MAX_SKONTO_TIERS),
  }),
  dunning_levels: z
    .array(z.strictObject({ level: whole(1, MAX_DUNNING_LEVELS), days_after_due: whole(1, 365), fee: amount(1000) }))
    .min(1)
    .max(MAX_DUNNING_LEVELS),
  bank_import: z.strictObject({
    format: z.enum(BANK_IMPORT_FORMATS),
    auto_match: z.boolean(),
    amount_tolerance: amount(100),
    date_tolerance_days: whole(0, 60),
    skip_duplicates: z.boolean(),
  }),
  retention_years: whole(1, 100),
  document_language: z.enum(LOCALES),
  auto_confirm_einvoices: z.boolean(),
};

export const settingsPatchSchema = z
  .strictObject(settingsFields)
  .partial()
  .refine((d) => Object.keys(d).length > 0, 'Nothing to change.');
export const settingsUpdateSchema = z.strictObject(settingsFields);
