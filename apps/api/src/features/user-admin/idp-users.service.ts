import {
  BadRequest,
  Conflict,
  IDP_USER_TEXTS,
  NotFound,
  SERVICES,
  type IdpBulkEditResult,
  type IdpUser,
  type IdpUserWithPassword,
  type Permission,
  type User,
} from '@portal/contracts';
import {
  checkUserAdmin,
  checkUserProfile,
  maySeeUser,
  normalizeAccess,
  planBulkEdit,
  userAdminVerdict,
  type UserAccess,
  type UserAdminAction,
} from '@portal/domain';
import { DOCUMENTS, USERS } from '@portal/read-models';
import type { Doc, ReadStore } from '@portal/read-store';
import type { CallContext, MethodDefinition, ServiceDefinition } from '../../gateway/service-definition';
import { validate } from '../validate';
import { adminActorOf as actorOf } from '../users/administrator-reach';
import { idpUserOf } from './embedded-identity-users';
import type { IdentityActor, IdentityUserChanges, IdentityUsers } from './identity-users.port';
import { bulkSchema, createSchema, patchSchema } from './idp-users.schemas';
import { indexUser, parseUserQuery, queryUsers } from './idp-user-query';

const ADMINS: Permission[] = ['adm', 'kca'];

const identityActor = (user: User): IdentityActor => ({ userId: user.keycloakId, username: user.username });
const accessOf = (u: IdpUser): UserAccess => ({
  userId: u.id,
  permissions: u.permissions,
  klienten: u.klienten,
  all_clients: u.all_clients,
  excluded: u.excluded,
});

/** The administrators' reach (maySeeUser): users out of it are NotFound. */
const visibleTo = (user: User, target: IdpUser): boolean => maySeeUser(actorOf(user), accessOf(target));

const withEditable = (user: User, target: IdpUser): IdpUser => ({
  ...target,
  editable: userAdminVerdict(actorOf(user), 'edit', accessOf(target), accessOf(target)) === null,
});

export interface IdpUsersDeps {
  users: IdentityUsers;
  reads: ReadStore;
}

/**
 * idp-users: the user manager over one identity back end. Every method needs adm or kca; the
 * kca/adm rules (checkUserAdmin) decide each change; an adm without kca sees only users within its clients.
 */
export function idpUsersService({ users, reads }: IdpUsersDeps): ServiceDefinition {
  const load = async (context: CallContext, rawId: string | number | null): Promise<IdpUser> => {
    if (rawId === null) throw BadRequest('An id is required.');
    const id = String(rawId);
    const user = id.length <= 100 ? await users.get(id) : null;
    if (!user || !visibleTo(context.user, user)) throw NotFound(`No record found for id '${id}'`);
    return user;
  };
  const answer = async (context: CallContext, id: string, oneTimePassword: string | null): Promise<IdpUserWithPassword> => {
    const user = await users.get(id);
    if (!user) throw NotFound(`No record found for id '${id}'`);
    return { ...withEditable(context.user, user), ...(oneTimePassword === null ? {} : { oneTimePassword }) };
  };

  const find: MethodDefinition = {
    anyOf: ADMINS,
    async run(context, args) {
      const filter = parseUserQuery(args.query);
      const visible = (await users.list()).filter((u) => visibleTo(context.user, u));
      const page = queryUsers(visible.map(indexUser), filter);
      return { ...page, data: page.data.map((u) => withEditable(context.user, u)) };
    },
  };

  const create: MethodDefinition = {
    anyOf: ADMINS,
    async run(context, args) {
      const data = validate(createSchema, args.data, 'user');
      const { password, passwordRepeat, ...profile } = data;
      if ((password ?? '') !== (passwordRepeat ?? '')) throw BadRequest(IDP_USER_TEXTS.passwordsMustMatch);
      checkUserProfile(profile);
      const access = normalizeAccess(profile.permissions, profile);
      checkUserAdmin(actorOf(context.user), 'create', null, { userId: null, ...access });
      const created = await users.create({ ...profile, ...access, password: password ? password : null }, identityActor(context.user));
      return answer(context, created.id, created.oneTimePassword);
    },
  };

  const patch: MethodDefinition = {
    anyOf: ADMINS,
    async run(context, args) {
      const before = await load(context, args.id);
      const data = validate(patchSchema, args.data, 'user change');
      const accessTouched = data.permissions !== undefined || data.klienten !== undefined || data.all_clients !== undefined || data.excluded !== undefined;
      const after = normalizeAccess(data.permissions ?? before.permissions, {
        klienten: data.klienten ?? before.klienten,
        all_clients: data.all_clients ?? before.all_clients,
        excluded: data.excluded ?? before.excluded,
      });
      const details = { firstName: data.firstName ?? before.firstName, lastName: data.lastName ?? before.lastName, telNr: data.telNr ?? before.telNr };
      // Every part is checked before the first command, so a bad field changes nothing.
      checkUserProfile({ username: before.username, email: data.email ?? before.email, locale: data.locale ?? before.locale, ...details, ...after });
      const actions: UserAdminAction[] = ['edit'];
      if (data.enabled !== undefined) actions.push(data.enabled ? 'enable' : 'disable');
      if (data.resetPassword) actions.push('reset-password');
      if (data.secondFactorRequired !== undefined) actions.push('require-second-factor');
      for (const action of actions) checkUserAdmin(actorOf(context.user), action, accessOf(before), { userId: before.id, ...after });
      const changes: IdentityUserChanges = {
        ...(data.firstName !== undefined || data.lastName !== undefined || data.telNr !== undefined ? { details } : {}),
        ...(data.email !== undefined && data.email.trim() !== before.email ? { email: data.email } : {}),
        ...(data.locale !== undefined ? { locale: data.locale } : {}),
        ...(data.mobileApp !== undefined ? { mobileApp: data.mobileApp } : {}),
        ...(accessTouched ? { access: after } : {}),
        ...(data.secondFactorRequired !== undefined ? { secondFactorRequired: data.secondFactorRequired } : {}),
        ...(data.enabled !== undefined ? { enabled: data.enabled } : {}),
      };
      const actor = identityActor(context.user);
      await users.update(before.id, changes, actor);
      const oneTimePassword = data.resetPassword ? await users.resetPassword(before.id, actor) : null;
      return answer(context, before.id, oneTimePassword);
    },
  };

  const remove: MethodDefinition = {
    anyOf: ADMINS,
    async run(context, args) {
      const before = await load(context, args.id);
      checkUserAdmin(actorOf(context.user), 'delete', accessOf(before), null);
      // The user's uploads still being imported (extracted) would lose their uploader.
      const importing = await reads.find(DOCUMENTS, { where: { uploaded_by: before.id, extraction: 'pending' }, sort: [], skip: 0, limit: 1, select: ['id'] });
      if (importing.total > 0) throw Conflict(IDP_USER_TEXTS.deleteDuringImport);
      await users.remove(before.id, identityActor(context.user));
      return withEditable(context.user, before);
    },
  };

  return {
    path: SERVICES.idpUsers,
    methods: { find, get: { anyOf: ADMINS, run: async (context, args) => withEditable(context.user, await load(context, args.id)) }, create, patch, remove },
    // The embedded users live in the read model, whose changes are pushed; Keycloak's users do not.
    ...(users.kind === 'embedded'
      ? { mirror: { collection: USERS, clientOf: () => null, present: idpUserOf, visibleTo: (user: User, doc: Doc) => visibleTo(user, idpUserOf(doc)) } }
      : {}),
  };
}

/**
 * idp-user-bulk: a bulk edit of the user manager. `create` with `preview: true` answers what would change per
 * user; with `preview: false` it applies the same plan, user by user (a refused or failed user does not stop the rest).
 */
export function idpUserBulkService({ users }: IdpUsersDeps): ServiceDefinition {
  return {
    path: SERVICES.idpUserBulk,
    methods: {
      create: {
        anyOf: ADMINS,
        async run(context, args): Promise<IdpBulkEditResult> {
          const request = validate(bulkSchema, args.data, 'bulk edit');
          const byId = new Map((await users.list()).filter((u) => visibleTo(context.user, u)).map((u) => [u.id, u]));
          const selected = [...new Set(request.userIds)].map((id) => {
            const user = byId.get(id);
            if (!user) throw NotFound(`No record found for id '${id}'`);
            return { ...accessOf(user), userId: user.id, username: user.username };
          });
          const plan = planBulkEdit(actorOf(context.user), selected, request);
          const rows: IdpBulkEditResult['rows'] = [];
          let applied = 0;
          const actor = identityActor(context.user);
          for (const row of plan) {
            const base = { userId: row.userId, username: row.username, added: row.added, removed: row.removed, reason: row.reason };
            if (request.preview || row.outcome !== 'changed') {
              rows.push({ ...base, outcome: row.outcome });
              continue;
            }
            try {
              await users.update(
                row.userId,
                {
                  access: {
                    permissions: [...row.after.permissions],
                    klienten: row.after.klienten,
                    all_clients: row.after.all_clients,
                    excluded: row.after.excluded,
                  },
                },
                actor,
              );
              applied++;
              rows.push({ ...base, outcome: 'changed' });
            } catch (error) {
              rows.push({ ...base, outcome: 'failed', reason: error instanceof Error ? error.message : String(error) });
            }
          }
          return { preview: request.preview, rows, applied };
        },
      },
    },
  };
}
