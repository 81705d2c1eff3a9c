import { ACCOUNT_SYSTEMS, LOCALES, SERVICES } from '@portal/contracts';
import { companyDecider, companyStreamId } from '@portal/domain';
import { COMPANY_SETTINGS } from '@portal/projector';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { CommandSender } from '../../platform/domain-command';
import { readModelService } from '../../gateway/read-model-service';
import type { CallArgs, CallContext, ServiceDefinition } from '../../gateway/service-definition';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';

const settingsFields = {
  account_system: z.enum(ACCOUNT_SYSTEMS),
  default_expense_account: z.string().regex(/^\d{4,6}$/, 'Six digits required').nullable(),
  document_language: z.enum(LOCALES),
  auto_confirm_einvoices: z.boolean(),
};
const patchSchema = z.strictObject(settingsFields).partial().refine((d) => Object.keys(d).length > 0, 'Nothing to change.');
const updateSchema = z.object(settingsFields);

/** company-settings: one record per client (find by client_no); changed by administrators. */
export function companySettingsService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: COMPANY_SETTINGS,
    fields: ['client_no', 'account_system', 'document_language', 'revision', 'updated_at'],
    defaultLimit: 50,
    maxLimit: 500,
    clientField: 'client_no',
    read: null,
  });

  const change = (schema: z.ZodType<Record<string, unknown>>) => async (context: CallContext, args: CallArgs) => {
    const current = await base.load(context.user, args.id);
    const changes = validate(schema, args.data, 'settings');
    const clientNo = current.client_no as number;
    await commands.send(companyDecider, companyStreamId(clientNo), { type: 'ChangeCompanySettings', changes }, commandContextOf(context, clientNo));
    return base.present(await base.load(context.user, clientNo));
  };

  return {
    path: SERVICES.companySettings,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      patch: { anyOf: ['adm'], run: change(patchSchema) },
      update: { anyOf: ['adm'], run: change(updateSchema) },
    },
  };
}
