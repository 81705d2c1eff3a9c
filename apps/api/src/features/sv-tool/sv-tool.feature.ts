import type { Feature, FeatureDeps } from '../feature';
import { svToolRouter } from './sv-tool.routes';
import { svAccountsService, svInterestRatesService, svTransactionsService } from './sv-tool.service';

/**
 * The social-insurance tool: accounts, transactions, interest rates and the statement PDF. Named as its screen
 * (`/admin/sv-tool`); its services keep the wire paths `sv-accounts`, `sv-transactions`, `sv-interest-rates`.
 */
export function svToolFeature(deps: FeatureDeps): Feature {
  return {
    name: 'sv-tool',
    services: [
      svAccountsService(deps.reads, deps.commands),
      svTransactionsService(deps.reads, deps.commands),
      svInterestRatesService(deps.reads, deps.commands),
    ],
    routers: [svToolRouter(deps.authenticator, deps.reads)],
  };
}
