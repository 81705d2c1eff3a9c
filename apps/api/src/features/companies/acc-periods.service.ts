import { mayAccessClient, NotFound, SERVICES } from '@portal/contracts';
import { companyDecider, companyStreamId } from '@portal/domain';
import { ACC_PERIODS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { CommandSender } from '../../platform/domain-command';
import { readModelService } from '../../gateway/read-model-service';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';

const openSchema = z.strictObject({ client_no: z.number().int(), accounting: z.number().int() });

/** acc-periods: accounting periods per client (spec §7: find by client, acc); opened by acc or adm. */
export function accPeriodsService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: ACC_PERIODS,
    fields: ['client_no', 'accounting', 'current', 'start', 'end'],
    defaultLimit: 50,
    maxLimit: 500,
    clientField: 'client_no',
    read: null,
    parseId: (raw) => String(raw),
    extraKeys: ['client', 'acc'],
  });

  return {
    path: SERVICES.accPeriods,
    mirror: base.mirror,
    methods: {
      find: {
        anyOf: base.find.anyOf,
        // spec §7 names the query "by client, acc": `client` is an alias of client_no, `acc` of accounting.
        run: (context, args) => {
          const { client, acc, ...rest } = args.query;
          const query = { ...rest, ...(client === undefined ? {} : { client_no: Number(client) }), ...(acc === undefined ? {} : { accounting: Number(acc) }) };
          return base.find.run(context, { ...args, query });
        },
      },
      get: base.get,
      create: {
        anyOf: ['acc', 'adm'],
        async run(context, args) {
          const data = validate(openSchema, args.data, 'accounting period');
          if (!mayAccessClient(context.user, data.client_no)) throw NotFound(`No record found for id '${data.client_no}'`);
          await commands.send(
            companyDecider,
            companyStreamId(data.client_no),
            { type: 'OpenAccountingPeriod', accounting: data.accounting },
            commandContextOf(context, data.client_no),
          );
          return base.present(await base.load(context.user, `${data.client_no}-${data.accounting}`));
        },
      },
    },
  };
}
