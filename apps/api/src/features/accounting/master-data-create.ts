import { mayAccessClient, NotFound, Unprocessable } from '@portal/contracts';
import { accountingDecider, accountingStreamId, type AccountingCommand } from '@portal/domain';
import { ACC_PERIODS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import type { z } from 'zod';
import type { CommandSender } from '../../platform/domain-command';
import type { CallContext, MethodDefinition } from '../../gateway/service-definition';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import { MASTER_DATA_READERS } from './master-data.service';

interface Target {
  client_no: number;
  accounting: number | null;
}

/**
 * `create` of an acc-* service: validates the data, checks the client and the accounting period
 * (null: a company default), sends the command to the client's accounting stream, returns the record.
 */
export function masterDataCreate<T extends Target>(
  store: ReadStore,
  commands: CommandSender,
  options: {
    schema: z.ZodType<T>;
    what: string;
    command(data: T): AccountingCommand;
    idOf(data: T): string;
    load(context: CallContext, id: string): Promise<unknown>;
  },
): MethodDefinition {
  return {
    anyOf: MASTER_DATA_READERS,
    async run(context, args) {
      const { client, ...rest } = args.data ?? {};
      const data = validate(options.schema, client === undefined ? rest : { client_no: client, ...rest }, options.what);
      if (!mayAccessClient(context.user, data.client_no)) throw NotFound(`No record found for id '${data.client_no}'`);
      if (data.accounting !== null && !(await store.get(ACC_PERIODS, `${data.client_no}-${data.accounting}`)))
        throw Unprocessable(`Accounting period ${data.accounting} is not open.`);
      await commands.send(accountingDecider, accountingStreamId(data.client_no), options.command(data), commandContextOf(context, data.client_no));
      return options.load(context, options.idOf(data));
    },
  };
}
