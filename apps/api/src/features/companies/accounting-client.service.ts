import { stepContext } from '@portal/commands';
import { Forbidden, hasPermission, SERVICES, type User } from '@portal/contracts';
import { companyDecider, companyStreamId, type CompanyCommand } from '@portal/domain';
import { COMPANIES } from '@portal/read-models';
import type { Doc, ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { CommandSender } from '../../platform/domain-command';
import { readModelService } from '../../gateway/read-model-service';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import { payrollAudience } from '../documents/document-read-rule';

const name = z.string().trim().min(1).max(200);
const registerSchema = z.strictObject({ company_no: z.number().int().min(1).max(99_999_999), company_name: name, company_place: name });
const patchSchema = z
  .strictObject({ company_name: name.optional(), company_place: name.optional(), current_accounting: z.number().int().optional() })
  .refine((d) => Object.keys(d).length > 0, 'Nothing to change.');

/** The document counts a user may know of: payroll documents count only for users with dpv. */
function companyFor(user: User, company: Doc): Doc {
  const { payroll_notifications: payroll, ...rest } = company as Doc & {
    payroll_notifications?: { invoices: number; documents: number };
    notifications?: { invoices: number; documents: number };
  };
  if (!payroll || !rest.notifications || !hasPermission(user, 'dpv')) return rest;
  return { ...rest, notifications: { invoices: rest.notifications.invoices + payroll.invoices, documents: rest.notifications.documents + payroll.documents } };
}

/** accounting-client: the client companies (spec §3, 7); register (adm), rename (adm), set the accounting period (adm, acc). */
export function accountingClientService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: COMPANIES,
    fields: ['company_no', 'company_name', 'company_place', 'current_accounting', 'revision', 'created_at', 'updated_at'],
    defaultLimit: 50,
    maxLimit: 500,
    clientField: 'company_no',
    read: null,
  });

  const presentFor = (user: User, company: unknown) => companyFor(user, company as Doc);
  return {
    path: SERVICES.accountingClient,
    mirror: { ...base.mirror, presentFor, audienceOf: payrollAudience },
    methods: {
      find: {
        anyOf: base.find.anyOf,
        run: async (context, args) => {
          const page = (await base.find.run(context, args)) as { data: Doc[] };
          return { ...page, data: page.data.map((c) => companyFor(context.user, c)) };
        },
      },
      get: { anyOf: base.get.anyOf, run: async (context, args) => companyFor(context.user, (await base.get.run(context, args)) as Doc) },
      create: {
        anyOf: ['adm'],
        async run(context, args) {
          const data = validate(registerSchema, args.data, 'company');
          const command: CompanyCommand = { type: 'RegisterCompany', ...data };
          await commands.send(companyDecider, companyStreamId(data.company_no), command, commandContextOf(context, data.company_no));
          return companyFor(context.user, base.present(await base.load({ ...context.user, all_clients: true }, data.company_no)) as Doc);
        },
      },
      patch: {
        anyOf: ['adm', 'acc'],
        async run(context, args) {
          const company = await base.load(context.user, args.id);
          const data = validate(patchSchema, args.data, 'company change');
          const companyNo = company.company_no as number;
          const stream = companyStreamId(companyNo);
          const renames = data.company_name !== undefined || data.company_place !== undefined;
          if (renames && !hasPermission(context.user, 'adm')) throw Forbidden('Renaming a company needs the permission adm.');
          if (renames) {
            const rename: CompanyCommand = { type: 'RenameCompany', company_name: data.company_name, company_place: data.company_place };
            await commands.send(companyDecider, stream, rename, commandContextOf(context, companyNo));
          }
          if (data.current_accounting !== undefined) {
            const setPeriod: CompanyCommand = { type: 'SetCurrentAccountingPeriod', accounting: data.current_accounting };
            const ctx = commandContextOf(context, companyNo);
            // A rename in the same call already moved the revision; the period change follows it.
            await commands.send(companyDecider, stream, setPeriod, renames ? stepContext(ctx, 'period') : ctx);
          }
          return companyFor(context.user, base.present(await base.load(context.user, companyNo)) as Doc);
        },
      },
    },
  };
}
