import { BadRequest, Forbidden, hasPermission, LOCALES, NotFound } from '@portal/contracts';
import { userDecider, userStreamId } from '@portal/domain';
import { USERS } from '@portal/read-models';
import type { Doc, ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { CommandSender } from '../../platform/domain-command';
import { readModelService } from '../../gateway/read-model-service';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';

export const USERS_PATH = 'users';

const patchSchema = z.strictObject({ enabled: z.boolean().optional(), locale: z.enum(LOCALES).optional() }).refine((d) => Object.keys(d).length > 0, 'Nothing to change.');

/** The list row of spec 3 ("Identity-provider user list row"); events of old versions may have left a hash: never sent. */
const present = ({ passwordHash: _hidden, ...user }: Doc) => user;

/**
 * users: the portal's login accounts. Administrators (adm, kca) list them and enable or disable
 * them; every user may change their own language.
 */
export function usersService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: USERS,
    fields: ['username', 'email', 'lastName', 'firstName', 'enabled', 'locale'],
    defaultLimit: 50,
    maxLimit: 500,
    clientField: null,
    read: ['adm', 'kca'],
    parseId: (raw) => String(raw),
    present,
  });

  return {
    path: USERS_PATH,
    mirror: { ...base.mirror, clientOf: () => null },
    methods: {
      find: base.find,
      get: base.get,
      patch: {
        anyOf: null,
        async run(context, args) {
          if (args.id === null) throw BadRequest('An id is required.');
          const self = String(args.id) === context.user.keycloakId;
          const admin = hasPermission(context.user, 'adm', 'kca');
          if (!self && !admin) throw Forbidden('You may only change your own account.');
          const data = validate(patchSchema, args.data, 'user change');
          if (data.enabled !== undefined && !admin) throw Forbidden('Enabling or disabling users needs the permission adm or kca.');
          if (data.enabled === false && self) throw BadRequest('You cannot disable your own account.');
          const id = String(args.id);
          if (!(await store.get(USERS, id))) throw NotFound(`No record found for id '${id}'`);
          const stream = userStreamId(id);
          const ctx = commandContextOf(context, null);
          if (data.enabled !== undefined) {
            await commands.send(userDecider, stream, data.enabled ? { type: 'EnableUser' } : { type: 'DisableUser', reason: `by ${context.user.username}` }, ctx);
          }
          if (data.locale !== undefined) {
            await commands.send(userDecider, stream, { type: 'ChangeUserLocale', locale: data.locale }, data.enabled !== undefined ? { ...ctx, expectedRevision: undefined, commandId: ctx.commandId && `${ctx.commandId}:locale` } : ctx);
          }
          const doc = await store.get(USERS, id);
          if (!doc) throw NotFound(`No record found for id '${id}'`);
          return present(doc);
        },
      },
    },
  };
}
