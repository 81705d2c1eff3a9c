import { SERVICES } from '@portal/contracts';
import { ACC_BOOKS, ACC_COST_CENTRES, ACC_EXPENSE_ACCOUNTS } from '@portal/projector';
import type { ReadStore } from '@portal/read-store';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { masterDataService } from './master-data.service';

/** acc-exp-acc: find by client, acc; answers the period's expense accounts plus the company defaults. */
export const accExpenseAccountsService = (store: ReadStore): ServiceDefinition =>
  masterDataService(store, { path: SERVICES.accExpenseAccounts, collection: ACC_EXPENSE_ACCOUNTS, fields: ['client_no', 'accounting', 'account', 'name', 'tax_rate'], withDefaults: true }).definition;

/** acc-cost: find by client and a list of accountings (`acc: [..]` or `accounting: { $in: [..] }`). */
export const accCostService = (store: ReadStore): ServiceDefinition =>
  masterDataService(store, { path: SERVICES.accCost, collection: ACC_COST_CENTRES, fields: ['client_no', 'accounting', 'code', 'name'] }).definition;

/** acc-books: find by client and a list of accountings. */
export const accBooksService = (store: ReadStore): ServiceDefinition =>
  masterDataService(store, { path: SERVICES.accBooks, collection: ACC_BOOKS, fields: ['client_no', 'accounting', 'code', 'name', 'kind'] }).definition;
