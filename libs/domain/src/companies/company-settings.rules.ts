import {
  ERP_NUMBER_RANGES,
  formatMessage,
  MAX_DUNNING_LEVELS,
  MAX_RETENTION_YEARS,
  MAX_SKONTO_TIERS,
  MIN_RETENTION_YEARS,
  SETTINGS_MESSAGES,
  type CompanySettingsValues,
  type SettingsCountry,
  type SettingsIssue,
  type SettingsMessageKey,
} from '@portal/contracts';

const issue = (field: string, key: SettingsMessageKey, params?: Record<string, string | number>): SettingsIssue => ({
  field,
  key,
  message: formatMessage(SETTINGS_MESSAGES[key], params),
  ...(params ? { params } : {}),
});

const inRange = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;
const hundredths = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-9;

function erpNumberIssues(s: CompanySettingsValues): SettingsIssue[] {
  const ranges = ERP_NUMBER_RANGES[s.account_system];
  const found: SettingsIssue[] = [];
  if (s.erp_consultant_no !== null && !inRange(s.erp_consultant_no, ranges.consultant.min, ranges.consultant.max)) {
    found.push(issue('erp_consultant_no', 'consultantRange', ranges.consultant));
  }
  if (s.erp_client_no !== null && !inRange(s.erp_client_no, ranges.client.min, ranges.client.max)) {
    found.push(issue('erp_client_no', 'clientRange', ranges.client));
  }
  return found;
}

function taxRateIssues(rates: number[]): SettingsIssue[] {
  const valid =
    rates.length >= 1 &&
    rates.length <= 10 &&
    new Set(rates).size === rates.length &&
    rates.every((r) => Number.isFinite(r) && r >= 0 && r <= 100 && hundredths(r));
  return valid ? [] : [issue('tax_rates', 'taxRateInvalid')];
}

function paymentTermIssues(s: CompanySettingsValues): SettingsIssue[] {
  const found: SettingsIssue[] = [];
  const { net_days, skonto } = s.payment_terms;
  if (!inRange(net_days, 0, 365)) found.push(issue('payment_terms.net_days', 'numberRange', { min: 0, max: 365 }));
  const tiersValid =
    skonto.length <= MAX_SKONTO_TIERS &&
    skonto.every(
      (t, i) =>
        inRange(t.days, 1, 364) &&
        t.days < net_days &&
        t.percent > 0 &&
        t.percent <= 20 &&
        hundredths(t.percent) &&
        (i === 0 || (t.days > skonto[i - 1]!.days && t.percent < skonto[i - 1]!.percent)),
    );
  if (!tiersValid) found.push(issue('payment_terms.skonto', 'skontoOrder'));
  return found;
}

function dunningIssues(levels: CompanySettingsValues['dunning_levels']): SettingsIssue[] {
  const valid =
    levels.length >= 1 &&
    levels.length <= MAX_DUNNING_LEVELS &&
    levels.every(
      (l, i) =>
        l.level === i + 1 &&
        inRange(l.days_after_due, 1, 365) &&
        (i === 0 || l.days_after_due > levels[i - 1]!.days_after_due) &&
        Number.isFinite(l.fee) &&
        l.fee >= 0 &&
        l.fee <= 1000 &&
        hundredths(l.fee),
    );
  return valid ? [] : [issue('dunning_levels', 'dunningOrder')];
}

function bankImportIssues(b: CompanySettingsValues['bank_import']): SettingsIssue[] {
  const found: SettingsIssue[] = [];
  if (!(Number.isFinite(b.amount_tolerance) && b.amount_tolerance >= 0 && b.amount_tolerance <= 100 && hundredths(b.amount_tolerance))) {
    found.push(issue('bank_import.amount_tolerance', 'numberRange', { min: 0, max: 100 }));
  }
  if (!inRange(b.date_tolerance_days, 0, 60)) found.push(issue('bank_import.date_tolerance_days', 'numberRange', { min: 0, max: 60 }));
  return found;
}

function retentionIssues(years: number, country: SettingsCountry): SettingsIssue[] {
  const min = MIN_RETENTION_YEARS[country];
  if (!Number.isInteger(years) || years < min) return [issue('retention_years', 'retentionTooShort', { min, country })];
  if (years > MAX_RETENTION_YEARS) return [issue('retention_years', 'retentionTooLong', { max: MAX_RETENTION_YEARS })];
  return [];
}

/**
 * Every rule a complete set of client settings must satisfy (besides the account's existence in the
 * master data, which the service checks against the read model). Empty when valid.
 */
export function settingsIssues(s: CompanySettingsValues): SettingsIssue[] {
  return [
    ...erpNumberIssues(s),
    ...(s.default_expense_account !== null && !/^\d{6}$/.test(s.default_expense_account) ? [issue('default_expense_account', 'sixDigits')] : []),
    ...(inRange(s.fiscal_year_start_month, 1, 12) ? [] : [issue('fiscal_year_start_month', 'numberRange', { min: 1, max: 12 })]),
    ...taxRateIssues(s.tax_rates),
    ...paymentTermIssues(s),
    ...dunningIssues(s.dunning_levels),
    ...bankImportIssues(s.bank_import),
    ...retentionIssues(s.retention_years, s.country),
  ];
}

/** What a client of each country usually starts with (the seed and a newly registered company use these). */
export function countryDefaults(
  country: SettingsCountry,
): Pick<CompanySettingsValues, 'country' | 'account_system' | 'chart_of_accounts' | 'tax_rates' | 'retention_years'> {
  return country === 'AT'
    ? { country, account_system: 'BMD', chart_of_accounts: 'EKR', tax_rates: [20, 13, 10, 0], retention_years: 7 }
    : { country, account_system: 'DATEV', chart_of_accounts: 'SKR03', tax_rates: [19, 7, 0], retention_years: 10 };
}

/** Structural equality of settings values (numbers, strings, arrays, plain objects). */
export function sameSetting(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameSetting(v, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => sameSetting((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}
