import type { Feature, FeatureDeps } from '../feature';
import { accPeriodsService } from './acc-periods.service';
import { accountingClientService } from './accounting-client.service';
import { companySettingsService } from './company-settings.service';

/** The client companies, their settings and their accounting periods. */
export function companiesFeature(deps: FeatureDeps): Feature {
  return {
    name: 'companies',
    services: [
      accountingClientService(deps.reads, deps.commands),
      companySettingsService(deps.reads, deps.commands),
      accPeriodsService(deps.reads, deps.commands),
    ],
  };
}
