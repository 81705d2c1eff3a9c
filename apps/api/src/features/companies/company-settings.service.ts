import { formatMessage, SERVICES, SETTINGS_MESSAGES, Unprocessable, type SettingsIssue } from '@portal/contracts';
import { companyDecider, companyStreamId } from '@portal/domain';
import { ACC_EXPENSE_ACCOUNTS, COMPANY_SETTINGS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import type { z } from 'zod';
import type { CommandSender } from '../../platform/domain-command';
import { readModelService } from '../../gateway/read-model-service';
import type { CallArgs, CallContext, ServiceDefinition } from '../../gateway/service-definition';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import { settingsPatchSchema, settingsUpdateSchema } from './company-settings.schema';

/** "Account not found" (spec §8) when the default expense account is not in the client's master data (any period). */
async function accountIssues(store: ReadStore, clientNo: number, changes: Record<string, unknown>): Promise<SettingsIssue[]> {
  const account = changes.default_expense_account;
  if (typeof account !== 'string') return [];
  const found = await store.find(ACC_EXPENSE_ACCOUNTS, { where: { client_no: clientNo, account }, sort: [], skip: 0, limit: 1, select: ['id'] });
  return found.total > 0 ? [] : [{ field: 'default_expense_account', key: 'accountNotFound', message: formatMessage(SETTINGS_MESSAGES.accountNotFound) }];
}

/**
 * company-settings: one record per client (find by client_no), read by every user of the client (the
 * export, reports and banking follow it); changed by administrators. Refusals answer 422 with
 * `{ issues: SettingsIssue[] }` so the form shows each next to its field.
 */
export function companySettingsService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: COMPANY_SETTINGS,
    fields: ['client_no', 'account_system', 'chart_of_accounts', 'country', 'document_language', 'revision', 'updated_at'],
    defaultLimit: 50,
    maxLimit: 500,
    clientField: 'client_no',
    read: null,
  });

  const change = (schema: z.ZodType<Record<string, unknown>>) => async (context: CallContext, args: CallArgs) => {
    const current = await base.load(context.user, args.id);
    const changes = validate(schema, args.data, 'settings');
    const clientNo = current.client_no as number;
    const issues = await accountIssues(store, clientNo, changes);
    if (issues.length > 0) throw Unprocessable(`Invalid settings: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`, { issues });
    // The revision the form was loaded at is checked against settings changes (the decider), not the company stream.
    const { expectedRevision, ...commandContext } = commandContextOf(context, clientNo);
    const command = { type: 'ChangeCompanySettings' as const, changes, ...(expectedRevision === undefined ? {} : { basedOn: expectedRevision }) };
    await commands.send(companyDecider, companyStreamId(clientNo), command, commandContext);
    return base.present(await base.load(context.user, clientNo));
  };

  return {
    path: SERVICES.companySettings,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      patch: { anyOf: ['adm'], run: change(settingsPatchSchema) },
      update: { anyOf: ['adm'], run: change(settingsUpdateSchema) },
    },
  };
}
