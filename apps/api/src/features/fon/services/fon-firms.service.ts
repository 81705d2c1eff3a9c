import { randomUUID } from 'node:crypto';
import { FON_MESSAGES, SERVICES, Unprocessable } from '@portal/contracts';
import { firmDecider, firmStreamId, type FirmValues } from '@portal/domain';
import { FON_FIRMS, FON_USERS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { readModelService } from '../../../gateway/read-model-service';
import type { ServiceDefinition } from '../../../gateway/service-definition';
import type { CommandSender } from '../../../platform/domain-command';
import type { SecretBox } from '../../../platform/secret-box';
import { commandContextOf } from '../../command-context';
import { validate } from '../../validate';
import { firmCreateSchema, firmPatchSchema, numberField } from '../fon.schema';
import { ADM } from './adm';

/**
 * fon-firms (adm): the firms (Kanzlei) with name, NTCS ID, WebEKU user; the WebEKU password is sealed before
 * it becomes a command and never answered (`webeku_password_set` only); an empty password on patch keeps it.
 */
export function fonFirmsService(store: ReadStore, commands: CommandSender, secrets: SecretBox): ServiceDefinition {
  const base = readModelService(store, {
    collection: FON_FIRMS,
    fields: ['id', 'name', 'ntcs_id', 'updated_at'],
    defaultLimit: 100,
    maxLimit: 1000,
    clientField: null,
    read: ADM,
    parseId: (raw) => String(raw),
  });
  const sealed = (password: string | undefined) => (password ? secrets.seal(password) : undefined);
  const load = async (id: string) => await store.get(FON_FIRMS, id);
  return {
    path: SERVICES.fonFirms,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      create: {
        anyOf: ADM,
        async run(context, args) {
          const input = validate(firmCreateSchema, args.data, 'firm');
          // The form's first field first: an empty name is "Required field" whatever the NTCS ID says.
          if (input.name.trim() === '') throw Unprocessable(FON_MESSAGES.required, { key: 'required', field: 'name' });
          const firmId = randomUUID();
          const values: FirmValues = { name: input.name, ntcsId: numberField(input.ntcs_id, 'ntcs_id'), webekuUser: input.webeku_user ?? null };
          await commands.send(
            firmDecider,
            firmStreamId(firmId),
            { type: 'RegisterFirm', firmId, values, webekuPassword: sealed(input.webeku_password) ?? null },
            commandContextOf(context, null),
          );
          return load(firmId);
        },
      },
      patch: {
        anyOf: ADM,
        async run(context, args) {
          const firm = await base.load(context.user, args.id);
          const input = validate(firmPatchSchema, args.data, 'firm');
          const changes: Partial<FirmValues> = {};
          if (input.name !== undefined) changes.name = input.name;
          if (input.ntcs_id !== undefined) changes.ntcsId = numberField(input.ntcs_id, 'ntcs_id');
          if (input.webeku_user !== undefined) changes.webekuUser = input.webeku_user;
          const password = sealed(input.webeku_password);
          await commands.send(
            firmDecider,
            firmStreamId(firm.id),
            { type: 'ChangeFirm', changes, ...(password ? { webekuPassword: password } : {}) },
            commandContextOf(context, null),
          );
          return load(firm.id);
        },
      },
      remove: {
        anyOf: ADM,
        async run(context, args) {
          const firm = await base.load(context.user, args.id);
          const users = await store.find(FON_USERS, { where: { firm_id: firm.id }, sort: [], skip: 0, limit: 1 });
          if (users.total > 0) throw Unprocessable('The firm still has FON users; delete them first.', { key: 'firmHasUsers' });
          await commands.send(firmDecider, firmStreamId(firm.id), { type: 'RemoveFirm' }, commandContextOf(context, null));
          return firm;
        },
      },
    },
  };
}
