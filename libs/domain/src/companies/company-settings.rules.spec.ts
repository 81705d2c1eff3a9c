import type { CompanySettingsValues } from '@portal/contracts';
import { specFor } from '../../test/given-when-then';
import { countryDefaults, sameSetting, settingsIssues } from './company-settings.rules';
import { companyDecider } from './company.decide';
import { DEFAULT_COMPANY_SETTINGS, type CompanyEvent } from './company.events';

const valid: CompanySettingsValues = { ...DEFAULT_COMPANY_SETTINGS };
const keysOf = (s: Partial<CompanySettingsValues>) => settingsIssues({ ...valid, ...s }).map((i) => `${i.field}:${i.key}`);

describe('client settings rules', () => {
  it('accepts the defaults and both countries’ usual settings', () => {
    expect(settingsIssues(valid)).toEqual([]);
    expect(settingsIssues({ ...valid, ...countryDefaults('AT') })).toEqual([]);
    expect(settingsIssues({ ...valid, ...countryDefaults('DE') })).toEqual([]);
  });

  it('requires seven years of retention in Austria and eight in Germany, at most thirty', () => {
    expect(keysOf({ ...countryDefaults('AT'), retention_years: 7 })).toEqual([]);
    expect(keysOf({ ...countryDefaults('AT'), retention_years: 6 })).toEqual(['retention_years:retentionTooShort']);
    expect(keysOf({ country: 'DE', retention_years: 7 })).toEqual(['retention_years:retentionTooShort']);
    expect(settingsIssues({ ...valid, country: 'DE', retention_years: 7 })[0]!.message).toBe('Retention must be at least 8 years in DE');
    expect(keysOf({ retention_years: 31 })).toEqual(['retention_years:retentionTooLong']);
    expect(keysOf({ retention_years: 8.5 })).toEqual(['retention_years:retentionTooShort']);
  });

  it('checks the DATEV consultant and client number ranges, and BMD’s own', () => {
    expect(keysOf({ erp_consultant_no: 1000 })).toEqual(['erp_consultant_no:consultantRange']);
    expect(keysOf({ erp_consultant_no: 1001, erp_client_no: 99_999 })).toEqual([]);
    expect(keysOf({ erp_client_no: 100_000 })).toEqual(['erp_client_no:clientRange']);
    expect(keysOf({ account_system: 'BMD', erp_consultant_no: 5, erp_client_no: 100_000 })).toEqual([]);
    expect(settingsIssues({ ...valid, erp_consultant_no: 12 })[0]!.message).toBe('Consultant number must be between 1001 and 9999999');
  });

  it('refuses tax rates out of range, with three decimals, repeated or none at all', () => {
    for (const tax_rates of [[101], [-1], [19.125], [19, 19], []]) expect(keysOf({ tax_rates })).toEqual(['tax_rates:taxRateInvalid']);
    expect(keysOf({ tax_rates: [20, 13, 10, 5.5, 0] })).toEqual([]);
  });

  it('wants Skonto days shorter than the net days, increasing, with decreasing percent', () => {
    expect(
      keysOf({
        payment_terms: {
          net_days: 30,
          skonto: [
            { days: 8, percent: 3 },
            { days: 14, percent: 2 },
          ],
        },
      }),
    ).toEqual([]);
    expect(keysOf({ payment_terms: { net_days: 14, skonto: [{ days: 14, percent: 2 }] } })).toEqual(['payment_terms.skonto:skontoOrder']);
    expect(
      keysOf({
        payment_terms: {
          net_days: 30,
          skonto: [
            { days: 14, percent: 2 },
            { days: 8, percent: 3 },
          ],
        },
      }),
    ).toEqual(['payment_terms.skonto:skontoOrder']);
    expect(
      keysOf({
        payment_terms: {
          net_days: 30,
          skonto: [
            { days: 8, percent: 2 },
            { days: 14, percent: 3 },
          ],
        },
      }),
    ).toEqual(['payment_terms.skonto:skontoOrder']);
    expect(
      keysOf({
        payment_terms: {
          net_days: 30,
          skonto: [
            { days: 5, percent: 3 },
            { days: 10, percent: 2 },
            { days: 20, percent: 1 },
          ],
        },
      }),
    ).toEqual(['payment_terms.skonto:skontoOrder']);
    expect(keysOf({ payment_terms: { net_days: 0, skonto: [] } })).toEqual([]);
    expect(keysOf({ payment_terms: { net_days: 400, skonto: [] } })).toEqual(['payment_terms.net_days:numberRange']);
  });

  it('wants one to three dunning levels numbered in order with increasing days', () => {
    expect(keysOf({ dunning_levels: [{ level: 1, days_after_due: 10, fee: 0 }] })).toEqual([]);
    expect(keysOf({ dunning_levels: [] })).toEqual(['dunning_levels:dunningOrder']);
    expect(
      keysOf({
        dunning_levels: [
          { level: 1, days_after_due: 20, fee: 0 },
          { level: 2, days_after_due: 20, fee: 0 },
        ],
      }),
    ).toEqual(['dunning_levels:dunningOrder']);
    expect(keysOf({ dunning_levels: [{ level: 2, days_after_due: 20, fee: 0 }] })).toEqual(['dunning_levels:dunningOrder']);
    expect(keysOf({ dunning_levels: [1, 2, 3, 4].map((level) => ({ level, days_after_due: level * 10, fee: 0 })) })).toEqual(['dunning_levels:dunningOrder']);
    expect(keysOf({ dunning_levels: [{ level: 1, days_after_due: 10, fee: -5 }] })).toEqual(['dunning_levels:dunningOrder']);
  });

  it('bounds the bank import tolerances and the fiscal year start month', () => {
    expect(keysOf({ bank_import: { ...valid.bank_import, amount_tolerance: 0.5, date_tolerance_days: 61 } })).toEqual([
      'bank_import.date_tolerance_days:numberRange',
    ]);
    expect(keysOf({ bank_import: { ...valid.bank_import, amount_tolerance: 101 } })).toEqual(['bank_import.amount_tolerance:numberRange']);
    expect(keysOf({ fiscal_year_start_month: 13 })).toEqual(['fiscal_year_start_month:numberRange']);
    expect(keysOf({ fiscal_year_start_month: 7 })).toEqual([]);
  });

  it('compares nested values structurally', () => {
    expect(
      sameSetting(
        valid.dunning_levels,
        valid.dunning_levels.map((l) => ({ ...l })),
      ),
    ).toBe(true);
    expect(sameSetting(valid.payment_terms, { net_days: 30, skonto: [] })).toBe(false);
  });
});

describe('company decider: changing settings', () => {
  const spec = specFor(companyDecider);
  const registered: CompanyEvent = { type: 'CompanyRegistered', data: { company_no: 1001, company_name: 'Alpenblick GmbH', company_place: 'Innsbruck' } };

  it('records an Austrian client’s settings in one event', () =>
    spec([registered])
      .when({ type: 'ChangeCompanySettings', changes: countryDefaults('AT') })
      .then([
        {
          type: 'CompanySettingsChanged',
          data: { changes: { country: 'AT', account_system: 'BMD', chart_of_accounts: 'EKR', tax_rates: [20, 13, 10, 0], retention_years: 7 } },
        },
      ]));

  it('checks the rules against the settings after the change, not the change alone', () =>
    spec([registered, { type: 'CompanySettingsChanged', data: { changes: countryDefaults('AT') } }])
      .when({ type: 'ChangeCompanySettings', changes: { country: 'DE' } })
      .thenThrows('retention_years: Retention must be at least 8 years in DE'));

  it('records nothing when nested values are equal', () =>
    spec([registered])
      .when({ type: 'ChangeCompanySettings', changes: { payment_terms: { net_days: 30, skonto: [{ days: 14, percent: 2 }] } } })
      .then([]));
});
