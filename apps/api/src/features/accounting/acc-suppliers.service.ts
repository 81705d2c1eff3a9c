import { SERVICES } from '@portal/contracts';
import { ACC_PERSON_ACCOUNTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { CommandSender } from '../../platform/domain-command';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { masterDataCreate } from './master-data-create';
import { masterDataService } from './master-data.service';

const optionalText = z.string().max(200).nullable().optional();
const createSchema = z.strictObject({
  client_no: z.number().int().positive(),
  accounting: z.number().int(),
  account: z.string().max(20),
  name: z.string().max(200),
  vat_id: optionalText,
  iban: z.string().max(50).nullable().optional(),
  address: z.strictObject({ street: optionalText, postcode: optionalText, city: optionalText, country: optionalText }).partial().optional(),
  type: z.literal(4).optional(),
});

/**
 * acc-suppliers: supplier and customer accounts. find by client, acc and `types` ([3,4] suppliers,
 * [2,4] customers); create (acc) pushes `acc-suppliers created` to every reader of the same client.
 */
export function accSuppliersService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const service = masterDataService(store, {
    path: SERVICES.accSuppliers,
    collection: ACC_PERSON_ACCOUNTS,
    fields: ['client_no', 'accounting', 'account', 'type', 'name', 'vat_id', 'iban', 'created_at'],
    types: true,
  });
  service.definition.methods.create = masterDataCreate(store, commands, {
    schema: createSchema,
    what: 'supplier or customer account',
    command: ({ client_no: _c, type, ...d }) => ({ type: 'CreatePersonAccount', ...d, both: type === 4 }),
    idOf: (d) => `${d.client_no}-${d.accounting}-${d.account}`,
    load: async (context, id) => service.base.present(await service.base.load(context.user, id)),
  });
  return service.definition;
}
