import { BadRequest, GeneralError, NotFound, type PersonalDetails } from '@portal/contracts';
import { USERS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { toString as qrSvg } from 'qrcode';
import type { SecurityKeys } from '../../identity/security-keys';
import type { DeviceSession } from '../../identity/sqlite-oidc-adapter';
import { totpUri } from '../../identity/totp';
import type { MailSender } from '../../platform/mail/mail-sender';
import type { UserAccounts } from '../users/user-accounts';
import type { AccountCaller, AccountPort, ProviderAccount } from './account-port';
import type { EmailChangeLinks } from './email-change-links';
import { emailChangeMail } from './email-change-mail';
import { describeUserAgent } from './user-agent';

export interface AccountDevices {
  devicesOf(accountId: string): DeviceSession[];
  endSession(accountId: string, sessionUid: string): boolean;
  endOtherSessions(accountId: string, keepUid: string | null): string[];
}

export interface EmbeddedAccountDeps {
  brandShort: string;
  reads: ReadStore;
  accounts: UserAccounts;
  devices: AccountDevices;
  securityKeys: SecurityKeys;
  links: EmailChangeLinks;
  mail: MailSender;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const time = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The account at the embedded provider: details and e-mail on the user stream, passwords, TOTP and
 * security keys in the credential store, devices in the provider's session store.
 */
export class EmbeddedAccount implements AccountPort {
  readonly provider = 'embedded' as const;

  constructor(private readonly deps: EmbeddedAccountDeps) {}

  async read(caller: AccountCaller): Promise<ProviderAccount> {
    const userId = caller.user.keycloakId;
    const doc = await this.deps.reads.get(USERS, userId);
    if (!doc) throw NotFound("Your account is not in the portal's user directory.");
    const [second, keys] = await Promise.all([this.deps.accounts.secondFactorOf(userId), this.deps.securityKeys.store.listSecurityKeys(userId)]);
    return {
      username: text(doc.username),
      firstName: text(doc.firstName),
      lastName: text(doc.lastName),
      email: text(doc.email),
      pendingEmail: time(doc.pendingEmail),
      telNr: text(doc.telNr),
      editable: { names: true, phone: true, email: true },
      passwordChangedAt: time(doc.passwordChangedAt),
      lastLogin: time(doc.lastLogin),
      totp: second.totp,
      totpCredentialId: null,
      recoveryCodesLeft: second.recoveryCodesLeft,
      securityKeys: keys.map((k) => ({ id: k.id, label: k.label, createdAt: k.createdAt, lastUsedAt: k.lastUsedAt })),
      actions: [],
      devices: this.deps.devices.devicesOf(userId).map((d) => ({
        id: d.sessionUid,
        ...describeUserAgent(d.userAgent),
        address: d.address,
        firstSeen: d.firstSeen,
        lastSeen: d.lastSeen,
        current: d.sessionUid === caller.sessionId,
      })),
    };
  }

  async changeDetails(caller: AccountCaller, details: PersonalDetails): Promise<void> {
    await this.deps.accounts.changeDetails(caller.user.keycloakId, details, caller.user.keycloakId);
  }

  /** Recorded as pending, then the link goes to the new address (the old one stays until it is opened). */
  async changeEmail(caller: AccountCaller, email: string): Promise<void> {
    const userId = caller.user.keycloakId;
    const address = email.trim();
    await this.deps.accounts.requestEmailChange(userId, address);
    const link = await this.deps.links.create(userId, address);
    const { user } = caller;
    const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
    try {
      await this.deps.mail.send(emailChangeMail(user.locale, { name, email: address, brand: this.deps.brandShort, username: user.username, link }));
    } catch (error) {
      throw GeneralError(`The confirmation e-mail could not be sent (${error instanceof Error ? error.message : String(error)}). Please try again later.`);
    }
  }

  async renameSecurityKey(caller: AccountCaller, keyId: string, label: string): Promise<void> {
    await this.deps.accounts.renameSecurityKey(caller.user.keycloakId, keyId, label);
  }

  async signOut(caller: AccountCaller, device: string): Promise<string[]> {
    const userId = caller.user.keycloakId;
    if (device === 'others') return this.deps.devices.endOtherSessions(userId, caller.sessionId);
    if (device === caller.sessionId) throw BadRequest('This is the device you are using: sign out with the Logout button.');
    if (!this.deps.devices.endSession(userId, device)) throw NotFound(`No record found for id '${device}'`);
    return [device];
  }

  /** The user's own change: every other browser signs in again with the new password (answers the ended sessions). */
  async changePassword(caller: AccountCaller, currentPassword: string, newPassword: string): Promise<string[]> {
    const userId = caller.user.keycloakId;
    await this.deps.accounts.changePassword(userId, caller.user.username, currentPassword, newPassword);
    return this.deps.devices.endOtherSessions(userId, caller.sessionId);
  }

  async beginTotp(caller: AccountCaller): Promise<{ secret: string; uri: string; qr: string }> {
    const secret = await this.deps.accounts.beginTotp(caller.user.keycloakId);
    const uri = totpUri(secret, this.deps.brandShort, caller.user.username);
    const qr = `data:image/svg+xml;base64,${Buffer.from(await qrSvg(uri, { type: 'svg', margin: 1 })).toString('base64')}`;
    return { secret, uri, qr };
  }

  confirmTotp(caller: AccountCaller, code: string): Promise<string[]> {
    return this.deps.accounts.confirmTotp(caller.user.keycloakId, code);
  }

  disableTotp(caller: AccountCaller, code: string): Promise<void> {
    return this.deps.accounts.disableTotp(caller.user.keycloakId, code);
  }

  async securityKeyOptions(caller: AccountCaller): Promise<Record<string, unknown>> {
    const { user } = caller;
    return {
      ...(await this.deps.securityKeys.registrationOptions({
        id: user.keycloakId,
        username: user.username,
        displayName: `${user.firstName} ${user.lastName}`.trim(),
      })),
    };
  }

  async registerSecurityKey(caller: AccountCaller, label: string, response: Record<string, unknown>): Promise<void> {
    const userId = caller.user.keycloakId;
    const key = await this.deps.securityKeys.verifyRegistration(userId, response);
    if (!key) throw BadRequest('The security key could not be registered: its answer did not match. Please try again.');
    await this.deps.accounts.registerSecurityKey(userId, key, label);
  }

  removeSecurityKey(caller: AccountCaller, keyId: string): Promise<void> {
    return this.deps.accounts.removeSecurityKey(caller.user.keycloakId, keyId);
  }
}
