import type { IdpUser, Locale, Permission } from '@portal/contracts';
import { userDecider, userStreamId, type UserCommand } from '@portal/domain';
import { USERS } from '@portal/read-models';
import type { Doc, ReadStore } from '@portal/read-store';
import type { ExecuteCommand, UserAccounts } from '../users/user-accounts';
import type { IdentityActor, IdentityUserChanges, IdentityUsers, NewIdentityUser } from './identity-users.port';

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const time = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A row of the `users` read model as the user manager shows it. */
export function idpUserOf(doc: Doc): IdpUser {
  return {
    id: String(doc.id),
    username: text(doc.username),
    email: text(doc.email),
    lastName: text(doc.lastName),
    firstName: text(doc.firstName),
    telNr: text(doc.telNr),
    klienten: list<number>(doc.klienten_array),
    all_clients: doc.all_clients === true,
    excluded: list<number>(doc.excluded_klienten),
    permissions: list<Permission>(doc.permissions_array),
    mobileApp: doc.mobileApp === true,
    lastLogin: time(doc.lastLogin),
    enabled: doc.enabled !== false,
    locale: (text(doc.locale) || 'de') as Locale,
    failedLogins: typeof doc.failedLogins === 'number' ? doc.failedLogins : 0,
    lastFailedLogin: time(doc.lastFailedLogin),
    lockedUntil: time(doc.lockedUntil),
    totp: doc.totpEnabled === true,
    securityKeys: typeof doc.securityKeys === 'number' ? doc.securityKeys : 0,
    secondFactorRequired: doc.secondFactorRequired === true,
    mustChangePassword: doc.mustChangePassword === true,
    createdAt: time(doc.createdAt),
  };
}

/**
 * The embedded provider's user directory: every change is a user command (events), read back from the
 * `users` read model; passwords are hashed into the credential store by UserAccounts.
 */
export class EmbeddedIdentityUsers implements IdentityUsers {
  readonly kind = 'embedded' as const;

  constructor(
    private readonly reads: ReadStore,
    private readonly accounts: UserAccounts,
    private readonly execute: ExecuteCommand,
    /** Ends the user's provider sessions and live connections (disabled, deleted, password reset). */
    private readonly endSessions: (userId: string) => void,
  ) {}

  async list(): Promise<IdpUser[]> {
    const page = await this.reads.find(USERS, { where: {}, sort: [['username', 1]], skip: 0, limit: 100_000 });
    return page.data.map(idpUserOf);
  }

  async get(id: string): Promise<IdpUser | null> {
    const doc = await this.reads.get(USERS, id);
    return doc ? idpUserOf(doc) : null;
  }

  async create(user: NewIdentityUser, actor: IdentityActor): Promise<{ id: string; oneTimePassword: string | null }> {
    const { password, secondFactorRequired, ...profile } = user;
    const created = await this.accounts.create(profile, actor.userId, password === null ? {} : { password, mustChange: true });
    if (secondFactorRequired) await this.run(created.userId, { type: 'RequireSecondFactor', required: true }, actor);
    return { id: created.userId, oneTimePassword: password === null ? created.password : null };
  }

  async update(id: string, changes: IdentityUserChanges, actor: IdentityActor): Promise<void> {
    const commands: UserCommand[] = [];
    if (changes.details) commands.push({ type: 'ChangeUserDetails', ...changes.details });
    if (changes.email !== undefined) commands.push({ type: 'ChangeUserEmail', email: changes.email });
    if (changes.locale !== undefined) commands.push({ type: 'ChangeUserLocale', locale: changes.locale });
    if (changes.mobileApp !== undefined) commands.push({ type: 'SetMobileApp', mobileApp: changes.mobileApp });
    if (changes.access) commands.push({ type: 'ChangeUserAccess', ...changes.access });
    if (changes.secondFactorRequired !== undefined) commands.push({ type: 'RequireSecondFactor', required: changes.secondFactorRequired });
    if (changes.enabled !== undefined) commands.push(changes.enabled ? { type: 'EnableUser' } : { type: 'DisableUser', reason: `by ${actor.username}` });
    for (const command of commands) await this.run(id, command, actor);
    if (changes.enabled === false) this.endSessions(id);
  }

  async resetPassword(id: string, actor: IdentityActor): Promise<string> {
    const password = await this.accounts.resetPassword(id, actor.userId);
    this.endSessions(id);
    return password;
  }

  async remove(id: string, actor: IdentityActor): Promise<void> {
    const user = await this.get(id);
    if (!user) return;
    await this.accounts.delete(id, user.username, actor.userId, `by ${actor.username}`);
    this.endSessions(id);
  }

  private async run(id: string, command: UserCommand, actor: IdentityActor): Promise<void> {
    await this.execute(userDecider, userStreamId(id), command, { userId: actor.userId, clientNo: null });
  }
}
