import { randomInt, randomUUID } from 'node:crypto';
import { Conflict, passwordProblems, PASSWORD_PROBLEM_TEXTS, Unprocessable } from '@portal/contracts';
import {
  checkUserProfile,
  claimantOf,
  userDecider,
  usernameDecider,
  usernameStreamId,
  userStreamId,
  type Decider,
  type DomainEvent,
  type PasswordChangeReason,
  type UserProfile,
} from '@portal/domain';
import type { CommandContext, CommandOutcome } from '@portal/commands';
import type { EventStore } from '@portal/event-store';
import type { CredentialStore, SecurityKeyStore } from '../../identity/credential-store';
import type { NewSecurityKey } from '../../identity/security-keys';
import type { LoginAccounts, LoginRecord } from '../../identity/interaction-routes';
import { hashPassword, verifyPassword } from '../../identity/password-hash';
import { checkTotp, hashRecoveryCode, newRecoveryCodes, newTotpSecret } from '../../identity/totp';
import { wrongSecret } from '../../identity/wrong-secret';

/** Runs one command: the gateway's CommandSender.send (waits for the read models) or the runtime itself (CLI). */
export type ExecuteCommand = <S, C, E extends DomainEvent>(
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  context: CommandContext,
) => Promise<CommandOutcome>;

export interface CreatedUser {
  userId: string;
  /** The initial password: generated (one-time) when none was given. */
  password: string;
  mustChange: boolean;
}

/** Letters and digits without look-alikes (0/O, 1/l/I): a one-time password people can type from paper. */
const ONE_TIME_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function oneTimePassword(length = 16): string {
  for (;;) {
    const candidate = Array.from({ length }, () => ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)]).join('');
    if (passwordProblems(candidate).length === 0) return candidate;
  }
}

/** The portal's password rule (both identity back ends): Unprocessable naming every problem. */
export function checkPasswordStrength(password: string, username: string): void {
  const problems = passwordProblems(password, username);
  if (problems.length > 0) throw Unprocessable(problems.map((p) => PASSWORD_PROBLEM_TEXTS[p]).join(' '), { problems });
}

/**
 * The user commands of the embedded identity provider, in one place: creating a user, setting and
 * changing passwords, enabling and disabling, recording logins. The `npm run user` command, the
 * login page, the user manager and the account page all call these. Every change is an event; a
 * password hash goes to the credential store only (never into the event log).
 */
export class UserAccounts implements LoginAccounts {
  constructor(
    private readonly execute: ExecuteCommand,
    private readonly credentials: CredentialStore,
    private readonly events: EventStore,
    /** Public keys of security keys (the embedded provider's credential store); null where keys are not kept. */
    private readonly keys: SecurityKeyStore | null = null,
  ) {}

  /** Creates a user with the given password, or a generated one-time password that must be changed at the first login. */
  async create(profile: UserProfile, actor: string, options: { password?: string; mustChange?: boolean; demo?: boolean } = {}): Promise<CreatedUser> {
    checkUserProfile(profile);
    const password = options.password ?? oneTimePassword();
    if (!options.demo) checkPasswordStrength(password, profile.username);
    const userId = randomUUID();
    const context = this.context(actor);
    await this.execute(usernameDecider, usernameStreamId(profile.username), { type: 'ClaimUsername', userId }, context);
    await this.execute(userDecider, userStreamId(userId), { type: 'RegisterUser', userId, profile }, { ...context, commandId: undefined });
    const mustChange = options.mustChange ?? options.password === undefined;
    await this.storePassword(userId, password, 'initial', { mustChange, demo: options.demo ?? false }, actor);
    return { userId, password, mustChange };
  }

  /** An administrator's reset: a new one-time password, to be replaced at the next login. */
  async resetPassword(userId: string, actor: string): Promise<string> {
    const password = oneTimePassword();
    await this.storePassword(userId, password, 'reset', { mustChange: true, demo: false }, actor);
    return password;
  }

  /** Sets a chosen password (checked against the rule) without asking for a change at the next login. */
  async setPassword(userId: string, password: string, username: string, actor: string): Promise<void> {
    checkPasswordStrength(password, username);
    await this.storePassword(userId, password, 'reset', { mustChange: false, demo: false }, actor);
  }

  async changeOwnPassword(userId: string, newPassword: string): Promise<void> {
    await this.storePassword(userId, newPassword, 'changed', { mustChange: false, demo: false }, userId);
  }

  /** The user's own change: the current password must match; the new one follows the rule and differs. */
  async changePassword(userId: string, username: string, currentPassword: string, newPassword: string): Promise<void> {
    const credential = await this.credentials.getPassword(userId);
    if (!credential || !(await verifyPassword(currentPassword, credential.passwordHash))) throw wrongSecret('The current password is not correct.');
    checkPasswordStrength(newPassword, username);
    if (await verifyPassword(newPassword, credential.passwordHash)) throw Unprocessable('The new password must differ from the current one.');
    await this.storePassword(userId, newPassword, 'changed', { mustChange: false, demo: false }, userId);
  }

  /** Starts setting up an authenticator app: a new secret, not yet in force (a first code confirms it). */
  async beginTotp(userId: string): Promise<string> {
    const existing = await this.credentials.getTotp(userId);
    if (existing?.confirmed) throw Conflict('2-factor authentication is already set up. Turn it off first to set up another app.');
    const secret = newTotpSecret();
    await this.credentials.setTotp(userId, secret, false);
    return secret;
  }

  /** The first code from the app: the second factor is in force; answers the ten recovery codes (shown once). */
  async confirmTotp(userId: string, code: string, nowMs = Date.now()): Promise<string[]> {
    const totp = await this.credentials.getTotp(userId);
    if (!totp || totp.confirmed) throw Conflict('Start the set-up of 2-factor authentication first.');
    const check = checkTotp(totp.secret, code, totp.lastStep, nowMs);
    if (!check.ok) throw wrongSecret('The code is not valid. Check the time on your phone and type the code shown now.');
    const codes = newRecoveryCodes();
    await this.execute(userDecider, userStreamId(userId), { type: 'RecordSecondFactor', kind: 'totp', enabled: true }, this.context(userId));
    await this.credentials.setTotp(userId, totp.secret, true);
    await this.credentials.recordTotpStep(userId, check.step);
    await this.credentials.setRecoveryCodes(userId, codes.map(hashRecoveryCode));
    return codes;
  }

  /** Turning the second factor off needs a current code (or a recovery code). */
  async disableTotp(userId: string, code: string, nowMs = Date.now()): Promise<void> {
    const totp = await this.credentials.getTotp(userId);
    if (!totp?.confirmed) throw Conflict('2-factor authentication not set up');
    const check = checkTotp(totp.secret, code, totp.lastStep, nowMs);
    const recovered = !check.ok && (await this.credentials.useRecoveryCode(userId, hashRecoveryCode(code)));
    if (!check.ok && !recovered) throw wrongSecret('The code is not valid.');
    await this.execute(userDecider, userStreamId(userId), { type: 'RecordSecondFactor', kind: 'totp', enabled: false }, this.context(userId));
    await this.credentials.removeTotp(userId);
  }

  async secondFactorOf(userId: string): Promise<{ totp: boolean; recoveryCodesLeft: number }> {
    const totp = await this.credentials.getTotp(userId);
    return { totp: totp?.confirmed === true, recoveryCodesLeft: totp?.confirmed ? await this.credentials.countRecoveryCodes(userId) : 0 };
  }

  async changeDetails(userId: string, details: { firstName: string; lastName: string; telNr: string }, actor: string): Promise<void> {
    await this.execute(userDecider, userStreamId(userId), { type: 'ChangeUserDetails', ...details }, this.context(actor));
  }

  /** The user asks for a new address: recorded as pending until the link sent to it is opened. */
  async requestEmailChange(userId: string, email: string): Promise<void> {
    await this.execute(userDecider, userStreamId(userId), { type: 'RequestEmailChange', email }, this.context(userId));
  }

  /** The link was opened: the pending address (and only the latest one) becomes the user's. */
  async confirmEmailChange(userId: string, email: string): Promise<void> {
    await this.execute(userDecider, userStreamId(userId), { type: 'ConfirmEmailChange', email }, this.context(userId));
  }

  /** A verified new security key: the event (it checks the label) first, then the public key. */
  async registerSecurityKey(userId: string, key: NewSecurityKey, label: string): Promise<void> {
    await this.execute(userDecider, userStreamId(userId), { type: 'RegisterSecurityKey', keyId: key.id, label }, this.context(userId));
    await this.keyStore().addSecurityKey({ ...key, userId, label: label.trim() });
  }

  async renameSecurityKey(userId: string, keyId: string, label: string): Promise<void> {
    await this.execute(userDecider, userStreamId(userId), { type: 'RenameSecurityKey', keyId, label }, this.context(userId));
    await this.keyStore().renameSecurityKey(userId, keyId, label.trim());
  }

  async removeSecurityKey(userId: string, keyId: string): Promise<void> {
    await this.execute(userDecider, userStreamId(userId), { type: 'RemoveSecurityKey', keyId }, this.context(userId));
    await this.keyStore().removeSecurityKey(userId, keyId);
  }

  async setEnabled(userId: string, enabled: boolean, actor: string, reason = `by ${actor}`): Promise<void> {
    await this.execute(userDecider, userStreamId(userId), enabled ? { type: 'EnableUser' } : { type: 'DisableUser', reason }, this.context(actor));
  }

  /** The user id holding a username, from the username's claim stream (no read model needed). */
  async userIdOf(username: string): Promise<string | null> {
    return claimantOf(await this.events.readStream(usernameStreamId(username)));
  }

  /** Deletes the account and frees its username; its history stays in the event log. */
  async delete(userId: string, username: string, actor: string, reason: string): Promise<void> {
    await this.execute(userDecider, userStreamId(userId), { type: 'DeleteUser', reason }, this.context(actor));
    await this.execute(usernameDecider, usernameStreamId(username), { type: 'ReleaseUsername', userId }, this.context(actor));
    await this.credentials.removeTotp(userId);
    for (const key of (await this.keys?.listSecurityKeys(userId)) ?? []) await this.keys?.removeSecurityKey(userId, key.id);
  }

  async record(entry: LoginRecord): Promise<void> {
    const stream = userStreamId(entry.userId);
    const context = this.context(entry.userId);
    if (entry.kind === 'succeeded') {
      await this.execute(userDecider, stream, { type: 'RecordLogin', address: entry.address, method: entry.method }, context);
    } else {
      await this.execute(
        userDecider,
        stream,
        { type: 'RecordLoginFailure', reason: entry.reason, address: entry.address, failures: entry.failures, lockedUntil: entry.lockedUntil },
        context,
      );
    }
  }

  /** The event first (it fails for an unknown user), then the hash. */
  private async storePassword(
    userId: string,
    password: string,
    reason: PasswordChangeReason,
    flags: { mustChange: boolean; demo: boolean },
    actor: string,
  ): Promise<void> {
    await this.execute(userDecider, userStreamId(userId), { type: 'RecordPasswordChange', reason, mustChange: flags.mustChange }, this.context(actor));
    await this.credentials.setPassword({ userId, passwordHash: await hashPassword(password), ...flags });
  }

  private keyStore(): SecurityKeyStore {
    if (!this.keys) throw new Error('UserAccounts: no security key store given');
    return this.keys;
  }

  private context(actor: string): CommandContext {
    return { userId: actor, clientNo: null };
  }
}
