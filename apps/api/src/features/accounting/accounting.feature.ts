import type { Feature, FeatureDeps } from '../feature';
import { accBooksService, accCostService, accExpenseAccountsService } from './acc-master-data.services';
import { accSuppliersService } from './acc-suppliers.service';

/** The clients' accounting master data per accounting period: expense accounts, cost accounts, books and suppliers. */
export function accountingFeature(deps: FeatureDeps): Feature {
  return {
    name: 'accounting',
    services: [
      accExpenseAccountsService(deps.reads, deps.commands),
      accCostService(deps.reads, deps.commands),
      accBooksService(deps.reads, deps.commands),
      accSuppliersService(deps.reads, deps.commands),
    ],
  };
}
