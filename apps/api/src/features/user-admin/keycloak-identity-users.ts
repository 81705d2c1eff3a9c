import { Conflict, isPermission, NotFound, Unprocessable, type IdpUser, type Permission } from '@portal/contracts';
import type KeycloakAdminClient from '@keycloak/keycloak-admin-client' with { 'resolution-mode': 'import' };
import type RoleRepresentation from '@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js' with { 'resolution-mode': 'import' };
import type UserRepresentation from '@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js' with { 'resolution-mode': 'import' };
import { checkPasswordStrength, oneTimePassword } from '../users/user-accounts';
import type { IdentityActor, IdentityUserChanges, IdentityUsers, NewIdentityUser } from './identity-users.port';
import type { KeycloakAdminConfig } from './keycloak-admin-config';
import { changedKeycloakUser, idpUserOfKeycloak, newKeycloakUser } from './keycloak-user-mapping';

/** Users and role members are read in pages of this size (Keycloak's own default is 100). */
const PAGE = 500;
/** The newest LOGIN events read for the last-login column of the whole list. */
const LOGIN_EVENTS = 10_000;

/** What Keycloak answered to a refused admin request (the client's NetworkError). */
interface KeycloakRefusal {
  response?: { status?: number };
  responseData?: unknown;
  message?: string;
}

const statusOf = (error: unknown): number | undefined => (error as KeycloakRefusal | null)?.response?.status;
const messageOf = (error: unknown): string => {
  const data = (error as KeycloakRefusal | null)?.responseData;
  const text = typeof data === 'object' && data !== null ? ((data as Record<string, unknown>).errorMessage ?? (data as Record<string, unknown>).error) : data;
  return typeof text === 'string' && text !== '' ? text : ((error as KeycloakRefusal | null)?.message ?? 'Keycloak refused the change.');
};

/** Keycloak's refusals as the portal's errors: a taken name is a Conflict, invalid data Unprocessable. */
function portalError(error: unknown): unknown {
  const status = statusOf(error);
  const message = messageOf(error);
  if (status === 409) return Conflict(/email/i.test(message) ? 'Another user already has this e-mail address.' : 'This username is already taken.');
  if (status === 400) return Unprocessable(message);
  if (status === 404) return NotFound(message);
  return error;
}

async function keycloakCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw portalError(error);
  }
}

/**
 * Keycloak's user directory through its admin REST API (@keycloak/keycloak-admin-client), signed in
 * as a confidential client with a service account (client credentials). Permission codes are realm
 * roles; clients, phone, mobile app and locale are user attributes (KEYCLOAK_ATTRIBUTES); the last
 * login is the newest LOGIN event. Passes the same contract suite as the embedded directory
 * (identity-users.contract.ts).
 */
export class KeycloakIdentityUsers implements IdentityUsers {
  readonly kind = 'keycloak' as const;
  private signingIn: Promise<void> | null = null;
  private roles: Promise<Map<Permission, RoleRepresentation>> | null = null;

  constructor(
    private readonly client: KeycloakAdminClient,
    private readonly config: KeycloakAdminConfig,
    /** Ends the user's live connections to the portal (disabled, deleted, password reset). */
    private readonly endSessions: (userId: string) => void,
  ) {
    // Every request asks for the token: a fresh one is fetched once the last has run out.
    client.registerTokenProvider({ getAccessToken: () => this.accessToken() });
  }

  async list(): Promise<IdpUser[]> {
    const [users, members, logins] = await Promise.all([this.allUsers(), this.roleMembers(), this.lastLogins(null)]);
    return users.map((u) => idpUserOfKeycloak(u, members.get(String(u.id)) ?? [], logins.get(String(u.id))));
  }

  async get(id: string): Promise<IdpUser | null> {
    const user = await this.findUser(id);
    if (!user) return null;
    const [roles, logins] = await Promise.all([this.client.users.listRealmRoleMappings({ id }), this.lastLogins(id)]);
    return idpUserOfKeycloak(
      user,
      roles.map((r) => r.name ?? ''),
      logins.get(id),
    );
  }

  async create(user: NewIdentityUser, _actor: IdentityActor): Promise<{ id: string; oneTimePassword: string | null }> {
    if (user.password !== null) checkPasswordStrength(user.password, user.username);
    const password = user.password ?? oneTimePassword();
    const roles = await this.rolesFor(user.permissions);
    const { id } = await keycloakCall(() => this.client.users.create(newKeycloakUser(user, password)));
    try {
      if (roles.length > 0) await keycloakCall(() => this.client.users.addRealmRoleMappings({ id, roles: roles as Array<{ id: string; name: string }> }));
    } catch (error) {
      // A user without the permissions asked for is not created at all.
      await this.client.users.del({ id }).catch(() => undefined);
      throw error;
    }
    return { id, oneTimePassword: user.password === null ? password : null };
  }

  async update(id: string, changes: IdentityUserChanges, _actor: IdentityActor): Promise<void> {
    const user = await this.findUser(id);
    if (!user) throw NotFound(`No record found for id '${id}'`);
    await keycloakCall(() => this.client.users.update({ id }, changedKeycloakUser(user, changes)));
    if (changes.access) await this.setPermissions(id, changes.access.permissions);
    if (changes.enabled === false) await this.signOut(id);
  }

  async resetPassword(id: string, _actor: IdentityActor): Promise<string> {
    const password = oneTimePassword();
    await keycloakCall(() => this.client.users.resetPassword({ id, credential: { type: 'password', value: password, temporary: true } }));
    await this.signOut(id);
    return password;
  }

  async remove(id: string, _actor: IdentityActor): Promise<void> {
    try {
      await this.client.users.del({ id });
    } catch (error) {
      if (statusOf(error) !== 404) throw portalError(error);
    }
    this.endSessions(id);
  }

  /** The service account's token, fetched again once expired (client credentials bring no refresh token). */
  private async accessToken(): Promise<string | undefined> {
    if (!this.client.accessToken || this.client.isTokenExpired()) {
      this.signingIn ??= this.client
        .auth({ grantType: 'client_credentials', clientId: this.config.clientId, clientSecret: this.config.clientSecret })
        .finally(() => (this.signingIn = null));
      await this.signingIn;
    }
    return this.client.accessToken;
  }

  private async findUser(id: string): Promise<UserRepresentation | null> {
    return (await this.client.users.findOne({ id })) ?? null;
  }

  private async allUsers(): Promise<UserRepresentation[]> {
    return this.pages((first) => this.client.users.find({ first, max: PAGE, briefRepresentation: false }));
  }

  private async pages<T>(page: (first: number) => Promise<T[] | null>): Promise<T[]> {
    const all: T[] = [];
    for (let first = 0; ; first += PAGE) {
      const rows = (await page(first)) ?? [];
      all.push(...rows);
      if (rows.length < PAGE) return all;
    }
  }

  /** The permission-code roles of the realm by code (roles for other purposes are left alone). */
  private permissionRoles(): Promise<Map<Permission, RoleRepresentation>> {
    this.roles ??= this.client.roles.find().then(
      (roles) => new Map(roles.filter((r) => isPermission(r.name)).map((r) => [r.name as Permission, r])),
      (error: unknown) => {
        this.roles = null;
        throw error;
      },
    );
    return this.roles;
  }

  private async rolesFor(codes: readonly Permission[]): Promise<RoleRepresentation[]> {
    const roles = await this.permissionRoles();
    const missing = codes.filter((c) => !roles.has(c));
    if (missing.length > 0) throw Unprocessable(`The realm has no role for the permission ${missing.join(', ')}.`);
    return codes.map((c) => roles.get(c)!);
  }

  /** Per user id, the permission roles mapped to it: one paged request per role instead of one per user. */
  private async roleMembers(): Promise<Map<string, string[]>> {
    const members = new Map<string, string[]>();
    const roles = [...(await this.permissionRoles()).keys()];
    const users = await Promise.all(
      roles.map((name) => this.pages((first) => this.client.roles.findUsersWithRole({ name, first, max: PAGE, briefRepresentation: true }))),
    );
    roles.forEach((name, i) => {
      for (const user of users[i]!) members.set(String(user.id), [...(members.get(String(user.id)) ?? []), name]);
    });
    return members;
  }

  private async setPermissions(id: string, codes: readonly Permission[]): Promise<void> {
    const current = (await this.client.users.listRealmRoleMappings({ id })).filter((r) => isPermission(r.name));
    const wanted = await this.rolesFor(codes);
    const add = wanted.filter((r) => !current.some((c) => c.name === r.name));
    const remove = current.filter((r) => !codes.includes(r.name as Permission));
    if (add.length > 0) await keycloakCall(() => this.client.users.addRealmRoleMappings({ id, roles: add as Array<{ id: string; name: string }> }));
    if (remove.length > 0) await keycloakCall(() => this.client.users.delRealmRoleMappings({ id, roles: remove as Array<{ id: string; name: string }> }));
  }

  /** Epoch ms of the newest LOGIN event per user (Keycloak answers the newest events first). */
  private async lastLogins(userId: string | null): Promise<Map<string, number>> {
    const events = await this.client.realms.findEvents({
      realm: this.client.realmName,
      type: 'LOGIN',
      max: userId ? 1 : LOGIN_EVENTS,
      ...(userId ? { user: userId } : {}),
    });
    const newest = new Map<string, number>();
    for (const event of events) {
      if (event.userId && typeof event.time === 'number' && event.time > (newest.get(event.userId) ?? -1)) newest.set(event.userId, event.time);
    }
    return newest;
  }

  /** Keycloak's sessions of the user end, and so do the user's live connections to the portal. */
  private async signOut(id: string): Promise<void> {
    await keycloakCall(() => this.client.users.logout({ id }));
    this.endSessions(id);
  }
}

/** The adapter with the admin client loaded (ESM-only, so by a real dynamic import, like oidc-provider). */
export async function connectKeycloakIdentityUsers(config: KeycloakAdminConfig, endSessions: (userId: string) => void): Promise<KeycloakIdentityUsers> {
  const { default: AdminClient } = await import('@keycloak/keycloak-admin-client');
  const client = new AdminClient({ baseUrl: config.url, realmName: config.realm, timeout: config.timeoutMs });
  return new KeycloakIdentityUsers(client, config, endSessions);
}
