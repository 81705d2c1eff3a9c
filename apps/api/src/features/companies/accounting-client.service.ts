import { Forbidden, hasPermission, SERVICES } from '@portal/contracts';
import { companyDecider, companyStreamId, type CompanyCommand } from '@portal/domain';
import { COMPANIES } from '@portal/projector';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { CommandSender } from '../../platform/domain-command';
import { readModelService } from '../../gateway/read-model-service';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';

const name = z.string().trim().min(1).max(200);
const registerSchema = z.strictObject({ company_no: z.number().int().min(1).max(99_999_999), company_name: name, company_place: name });
const patchSchema = z
  .strictObject({ company_name: name.optional(), company_place: name.optional(), current_accounting: z.number().int().optional() })
  .refine((d) => Object.keys(d).length > 0, 'Nothing to change.');

/** accounting-client: the client companies (spec 3, 7); register (adm), rename (adm), set the accounting period (adm, acc). */
export function accountingClientService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: COMPANIES,
    fields: ['company_no', 'company_name', 'company_place', 'current_accounting', 'revision', 'created_at', 'updated_at'],
    defaultLimit: 50,
    maxLimit: 500,
    clientField: 'company_no',
    read: null,
  });

  return {
    path: SERVICES.accountingClient,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      create: {
        anyOf: ['adm'],
        async run(context, args) {
          const data = validate(registerSchema, args.data, 'company');
          const command: CompanyCommand = { type: 'RegisterCompany', ...data };
          await commands.send(companyDecider, companyStreamId(data.company_no), command, commandContextOf(context, data.company_no));
          return base.present(await base.load({ ...context.user, all_clients: true }, data.company_no));
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
            await commands.send(companyDecider, stream, setPeriod, renames ? { ...ctx, expectedRevision: undefined, commandId: ctx.commandId && `${ctx.commandId}:period` } : ctx);
          }
          return base.present(await base.load(context.user, companyNo));
        },
      },
    },
  };
}
