import { mayAccessClient, NotFound, SERVICES, Unprocessable } from '@portal/contracts';
import { accountingDecider, accountingStreamId } from '@portal/domain';
import { ACC_PERIODS, ACC_PERSON_ACCOUNTS } from '@portal/projector';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { CommandSender } from '../../platform/domain-command';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import { MASTER_DATA_READERS, masterDataService } from './master-data.service';

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
  const { definition, base } = masterDataService(
    store,
    { path: SERVICES.accSuppliers, collection: ACC_PERSON_ACCOUNTS, fields: ['client_no', 'accounting', 'account', 'type', 'name', 'vat_id', 'iban', 'created_at'], types: true },
    {
      create: {
        anyOf: MASTER_DATA_READERS,
        async run(context, args) {
          const { client, ...rest } = args.data ?? {};
          const data = validate(createSchema, client === undefined ? rest : { client_no: client, ...rest }, 'supplier or customer account');
          if (!mayAccessClient(context.user, data.client_no)) throw NotFound(`No record found for id '${data.client_no}'`);
          if (!(await store.get(ACC_PERIODS, `${data.client_no}-${data.accounting}`))) throw Unprocessable(`Accounting period ${data.accounting} is not open.`);
          const { client_no, type, ...account } = data;
          await commands.send(accountingDecider, accountingStreamId(client_no), { type: 'CreatePersonAccount', ...account, both: type === 4 }, commandContextOf(context, client_no));
          return base.present(await base.load(context.user, `${client_no}-${data.accounting}-${data.account}`));
        },
      },
    },
  );
  return definition;
}
