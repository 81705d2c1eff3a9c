import { randomUUID } from 'node:crypto';
import { Conflict, FON_MESSAGES, NotFound, SERVICES, Unprocessable } from '@portal/contracts';
import { fonUserDecider, fonUserStreamId, type FonUserValues } from '@portal/domain';
import { FON_FIRMS, FON_IMPORTS, FON_USERS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { readModelService } from '../../../gateway/read-model-service';
import type { ServiceDefinition } from '../../../gateway/service-definition';
import type { CommandSender } from '../../../platform/domain-command';
import type { SecretBox } from '../../../platform/secret-box';
import { commandContextOf } from '../../command-context';
import { validate } from '../../validate';
import { fonUserCreateSchema, fonUserPatchSchema, numberField } from '../fon.schema';
import { ADM } from './adm';

/**
 * fon-users (adm): FinanzOnline users of a firm (name, quota year, type; a web-service user also TID,
 * Benutzer-ID and PIN). The PIN is sealed and never answered (`pin_set`); an empty PIN on patch keeps it.
 * Deleting a user is refused while an import of its firm runs (spec §5).
 */
export function fonUsersService(store: ReadStore, commands: CommandSender, secrets: SecretBox): ServiceDefinition {
  const base = readModelService(store, {
    collection: FON_USERS,
    fields: ['id', 'firm_id', 'name', 'quota_year', 'type'],
    defaultLimit: 100,
    maxLimit: 1000,
    clientField: null,
    read: ADM,
    parseId: (raw) => String(raw),
  });
  const load = async (id: string) => await store.get(FON_USERS, id);
  const tidOf = (value: number | string | null | undefined) =>
    value === undefined ? undefined : value === null || value === '' ? null : numberField(value, 'tid');
  return {
    path: SERVICES.fonUsers,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      create: {
        anyOf: ADM,
        async run(context, args) {
          const input = validate(fonUserCreateSchema, args.data, 'FON user');
          if (!(await store.get(FON_FIRMS, input.firm_id))) throw NotFound(`No record found for id '${input.firm_id}'`);
          if (input.name.trim() === '') throw Unprocessable(FON_MESSAGES.required, { key: 'required', field: 'name' });
          const userId = randomUUID();
          const values: FonUserValues = {
            firmId: input.firm_id,
            name: input.name,
            quotaYear: numberField(input.quota_year, 'quota_year'),
            type: input.type,
            tid: tidOf(input.tid) ?? null,
            benid: input.benid ?? null,
          };
          await commands.send(
            fonUserDecider,
            fonUserStreamId(userId),
            { type: 'RegisterFonUser', userId, values, pin: input.pin ? secrets.seal(input.pin) : null },
            commandContextOf(context, null),
          );
          return load(userId);
        },
      },
      patch: {
        anyOf: ADM,
        async run(context, args) {
          const user = await base.load(context.user, args.id);
          const input = validate(fonUserPatchSchema, args.data, 'FON user');
          const changes: Partial<FonUserValues> = {};
          if (input.name !== undefined) changes.name = input.name;
          if (input.quota_year !== undefined) changes.quotaYear = numberField(input.quota_year, 'quota_year');
          if (input.type !== undefined) changes.type = input.type;
          const tid = tidOf(input.tid);
          if (tid !== undefined) changes.tid = tid;
          if (input.benid !== undefined) changes.benid = input.benid;
          await commands.send(
            fonUserDecider,
            fonUserStreamId(user.id),
            { type: 'ChangeFonUser', changes, ...(input.pin ? { pin: secrets.seal(input.pin) } : {}) },
            commandContextOf(context, null),
          );
          return load(user.id);
        },
      },
      remove: {
        anyOf: ADM,
        async run(context, args) {
          const user = await base.load(context.user, args.id);
          const running = await store.find(FON_IMPORTS, { where: { firm_id: user.firm_id, status: 'in progress' }, sort: [], skip: 0, limit: 1 });
          if (running.total > 0) throw Conflict(FON_MESSAGES.deleteDuringImport, { key: 'deleteDuringImport' });
          await commands.send(fonUserDecider, fonUserStreamId(user.id), { type: 'RemoveFonUser' }, commandContextOf(context, null));
          return user;
        },
      },
    },
  };
}
