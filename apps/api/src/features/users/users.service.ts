import { stepContext } from '@portal/commands';
import { BadRequest, Forbidden, hasPermission, LOCALES, NotFound } from '@portal/contracts';
import { checkUserAdmin, userDecider, userStreamId, type UserAdminAction } from '@portal/domain';
import { USERS } from '@portal/read-models';
import { parseQuery, type Doc, type ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { CommandSender } from '../../platform/domain-command';
import { readModelService } from '../../gateway/read-model-service';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import { adminActorOf, maySeeUserRow, userAccessOfRow } from './administrator-reach';

export const USERS_PATH = 'users';

const FIELDS = ['username', 'email', 'lastName', 'firstName', 'enabled', 'locale'] as const;
/** Every login account the portal knows fits in one read (the user manager reads them all the same way). */
const ALL_USERS = 100_000;

const patchSchema = z
  .strictObject({ enabled: z.boolean().optional(), locale: z.enum(LOCALES).optional() })
  .refine((d) => Object.keys(d).length > 0, 'Nothing to change.');

/** The list row of spec §3 ("Identity-provider user list row"); events of old versions may have left a hash: never sent. */
const present = ({ passwordHash: _hidden, ...user }: Doc) => user;

const pick = (doc: Record<string, unknown>, select: readonly string[] | undefined): Record<string, unknown> =>
  select ? Object.fromEntries(Object.entries(doc).filter(([k]) => k === 'id' || select.includes(k))) : doc;

/**
 * users: the portal's login accounts. Administrators list them and enable or disable them, each within
 * its reach (maySeeUser: an administrator without kca sees only the users of its own clients and never a
 * kca holder; another user is NotFound) and its rights over them (checkUserAdmin); every user may change
 * their own language.
 */
export function usersService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: USERS,
    fields: FIELDS,
    defaultLimit: 50,
    maxLimit: 500,
    clientField: null,
    read: ['adm', 'kca'],
    parseId: (raw) => String(raw),
    present,
    rule: { scope: () => null, mayRead: maySeeUserRow },
  });

  return {
    path: USERS_PATH,
    mirror: { ...base.mirror, clientOf: () => null, visibleTo: maySeeUserRow },
    methods: {
      find: {
        anyOf: ['adm', 'kca'],
        // Reach is a rule over each user's clients and codes, not a filter a query can state: the rows that
        // match are read whole, those out of reach dropped, then the page is cut.
        async run(context, args) {
          const { query } = parseQuery(args.query, { fields: FIELDS, defaultLimit: 50, maxLimit: 500 });
          const all = await store.find(USERS, { where: query.where, sort: query.sort, skip: 0, limit: ALL_USERS });
          const visible = all.data.filter((doc) => maySeeUserRow(context.user, doc));
          const data = visible.slice(query.skip, query.skip + query.limit).map((doc) => pick(present(doc), query.select));
          return { total: visible.length, limit: query.limit, skip: query.skip, data };
        },
      },
      get: base.get,
      patch: {
        anyOf: null,
        async run(context, args) {
          if (args.id === null) throw BadRequest('An id is required.');
          const id = String(args.id);
          const self = id === context.user.keycloakId;
          const admin = hasPermission(context.user, 'adm', 'kca');
          if (!self && !admin) throw Forbidden('You may only change your own account.');
          const data = validate(patchSchema, args.data, 'user change');
          if (data.enabled !== undefined && !admin) throw Forbidden('Enabling or disabling users needs the permission adm or kca.');
          if (data.enabled === false && self) throw BadRequest('You cannot disable your own account.');
          const before = id.length <= 100 ? await store.get(USERS, id) : null;
          if (!before || !maySeeUserRow(context.user, before)) throw NotFound(`No record found for id '${id}'`);
          if (!self) {
            const actions: UserAdminAction[] = data.enabled === undefined ? ['edit'] : [data.enabled ? 'enable' : 'disable'];
            const access = userAccessOfRow(before);
            for (const action of actions) checkUserAdmin(adminActorOf(context.user), action, access, access);
          }
          const stream = userStreamId(id);
          const ctx = commandContextOf(context, null);
          if (data.enabled !== undefined) {
            await commands.send(
              userDecider,
              stream,
              data.enabled ? { type: 'EnableUser' } : { type: 'DisableUser', reason: `by ${context.user.username}` },
              ctx,
            );
          }
          if (data.locale !== undefined) {
            await commands.send(
              userDecider,
              stream,
              { type: 'ChangeUserLocale', locale: data.locale },
              data.enabled !== undefined ? stepContext(ctx, 'locale') : ctx,
            );
          }
          const doc = await store.get(USERS, id);
          if (!doc) throw NotFound(`No record found for id '${id}'`);
          return present(doc);
        },
      },
    },
  };
}
