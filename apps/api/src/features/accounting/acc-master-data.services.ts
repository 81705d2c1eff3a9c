import { BOOK_KINDS, SERVICES } from '@portal/contracts';
import { ACC_BOOKS, ACC_COST_CENTRES, ACC_EXPENSE_ACCOUNTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { CommandSender } from '../../platform/domain-command';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { masterDataCreate } from './master-data-create';
import { masterDataService } from './master-data.service';

const client_no = z.number().int().positive();
const name = z.string().max(200);
const code = z.string().max(20);

const expenseSchema = z.strictObject({
  client_no,
  accounting: z.number().int().nullable(),
  account: z.string().max(20),
  name,
  tax_rate: z.number().nullable().optional(),
});
const costSchema = z.strictObject({ client_no, accounting: z.number().int(), code, name });
const bookSchema = z.strictObject({ client_no, accounting: z.number().int(), code, name, kind: z.enum(BOOK_KINDS) });

/** acc-exp-acc: find by client, acc (the period's expense accounts plus the company defaults); create (acc), accounting null for a default. */
export function accExpenseAccountsService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const service = masterDataService(store, {
    path: SERVICES.accExpenseAccounts,
    collection: ACC_EXPENSE_ACCOUNTS,
    fields: ['client_no', 'accounting', 'account', 'name', 'tax_rate'],
    withDefaults: true,
  });
  service.definition.methods.create = masterDataCreate(store, commands, {
    schema: expenseSchema,
    what: 'expense account',
    command: ({ client_no: _c, ...d }) => ({ type: 'DefineExpenseAccount', ...d }),
    idOf: (d) => `${d.client_no}-${d.accounting ?? 'default'}-${d.account}`,
    load: async (context, id) => service.base.present(await service.base.load(context.user, id)),
  });
  return service.definition;
}

/** acc-cost: find by client and a list of accountings (`acc: [..]` or `accounting: { $in: [..] }`); create (acc). */
export function accCostService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const service = masterDataService(store, { path: SERVICES.accCost, collection: ACC_COST_CENTRES, fields: ['client_no', 'accounting', 'code', 'name'] });
  service.definition.methods.create = masterDataCreate(store, commands, {
    schema: costSchema,
    what: 'cost centre',
    command: ({ client_no: _c, ...d }) => ({ type: 'DefineCostCentre', ...d }),
    idOf: (d) => `${d.client_no}-${d.accounting}-${d.code.trim()}`,
    load: async (context, id) => service.base.present(await service.base.load(context.user, id)),
  });
  return service.definition;
}

/** acc-books: find by client and a list of accountings; create (acc). */
export function accBooksService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const service = masterDataService(store, { path: SERVICES.accBooks, collection: ACC_BOOKS, fields: ['client_no', 'accounting', 'code', 'name', 'kind'] });
  service.definition.methods.create = masterDataCreate(store, commands, {
    schema: bookSchema,
    what: 'book',
    command: ({ client_no: _c, ...d }) => ({ type: 'DefineBook', ...d }),
    idOf: (d) => `${d.client_no}-${d.accounting}-${d.code.trim()}`,
    load: async (context, id) => service.base.present(await service.base.load(context.user, id)),
  });
  return service.definition;
}
