import type { CompanySettingsValues } from '@portal/contracts';
import { companyDecider, companyStreamId, countryDefaults } from '@portal/domain';
import type { FeatureSeed } from '../../seed/feature-seeds';

const GERMAN = new Set<number>([1004, 1005]);

/**
 * Each demo client's settings as its country has them (Austria: EKR, 20/13/10 %, 7 years; Germany: SKR03/04,
 * 19/7 %, 10 years). The ERP target stays as the base seed set it (odd numbers DATEV, even BMD); DATEV's
 * consultant number is its well-known demo consultant 1001.
 */
export const seedDemoSettings: FeatureSeed = async ({ runtime, companies, context }) => {
  for (const company of companies) {
    const no = company.company_no;
    const german = GERMAN.has(no);
    const { account_system: _countryTarget, ...country } = countryDefaults(german ? 'DE' : 'AT');
    const changes: Partial<CompanySettingsValues> = {
      ...country,
      ...(no === 1005 ? { chart_of_accounts: 'SKR04' as const } : {}),
      erp_consultant_no: no % 2 === 0 ? 101 : 1001,
      erp_client_no: no,
      default_expense_account: '510000',
      fiscal_year_start_month: no === 1006 ? 7 : 1,
      payment_terms:
        no === 1002
          ? { net_days: 14, skonto: [{ days: 7, percent: 2 }] }
          : {
              net_days: 30,
              skonto: [
                { days: 10, percent: 3 },
                { days: 14, percent: 2 },
              ],
            },
    };
    await runtime.execute(companyDecider, companyStreamId(no), { type: 'ChangeCompanySettings', changes }, context(no, `${no}:client-settings`));
  }
};
