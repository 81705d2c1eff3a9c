import { BadRequest, NotFound, SERVICES, TooManyRequests, type AccountView, type User } from '@portal/contracts';
import { USERS } from '@portal/projector';
import type { ReadStore } from '@portal/read-store';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { CallContext, ServiceDefinition } from '../../gateway/service-definition';
import type { DeviceSession } from '../../identity/sqlite-oidc-adapter';
import type { LoginThrottle } from '../../identity/login-throttle';
import { isWrongSecret } from '../../identity/wrong-secret';
import type { UserAccounts } from '../users/user-accounts';
import { validate } from '../validate';
import { describeUserAgent } from './user-agent';
import { toString as qrSvg } from 'qrcode';
import { totpUri } from '../../identity/totp';

export interface AccountDevices {
  devicesOf(accountId: string): DeviceSession[];
  endSession(accountId: string, sessionUid: string): boolean;
  endOtherSessions(accountId: string, keepUid: string | null): string[];
}

export interface AccountServiceDeps {
  brandShort: string;
  reads: ReadStore;
  accounts: UserAccounts;
  /** The embedded provider's sessions; null with Keycloak (its account console keeps them). */
  devices: AccountDevices | null;
  provider: 'embedded' | 'keycloak';
  /** Ends the live connections of ended provider sessions at once. */
  signOutSessions(sids: readonly string[]): void;
  /** The login form's throttle: wrong current passwords and codes here count like wrong logins. */
  throttle: LoginThrottle;
}

const SELF = 'me';
const detailsSchema = z.strictObject({
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  telNr: z.string().max(40),
});
const passwordSchema = z.strictObject({ currentPassword: z.string().min(1).max(1024), newPassword: z.string().min(1).max(1024) });
const totpSchema = z.union([
  z.strictObject({ totp: z.literal('begin') }),
  z.strictObject({ totp: z.enum(['confirm', 'disable']), code: z.string().min(1).max(40) }),
]);
const patchSchema = z.union([detailsSchema, passwordSchema, totpSchema]);

/** The provider session of the calling connection (the access token's `sid`). */
function sessionOf(context: CallContext): string | null {
  try {
    const sid = decodeJwt(context.accessToken).sid;
    return typeof sid === 'string' ? sid : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A check of the current password or a code on the account page, throttled like the login form (same
 * account key): a stolen session cannot guess the password or the second factor faster than a login could.
 */
async function throttled<T>(throttle: LoginThrottle, user: User, check: () => Promise<T>): Promise<T> {
  const key = user.username.toLowerCase();
  const verdict = throttle.begin(key, `account:${user.keycloakId}`);
  if (!verdict.allowed) {
    throw TooManyRequests(`Too many wrong entries. Try again in ${Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60))} minutes.`, { retryAfter: verdict.retryAfterSeconds });
  }
  try {
    const result = await check();
    throttle.succeeded(key);
    return result;
  } catch (error) {
    if (isWrongSecret(error)) await sleep(throttle.failed(key, `account:${user.keycloakId}`).delayMs);
    throw error;
  } finally {
    verdict.release();
  }
}

const own = (user: User, id: string | number | null) => {
  if (id !== SELF && id !== user.keycloakId) throw NotFound(`No record found for id '${String(id)}'`);
};

/**
 * account: the personal account page of every signed-in user (issue 17) — details, password, logged-in
 * devices. Only ever the caller's own account (`me`); changes go through the user commands.
 */
export function accountService(deps: AccountServiceDeps): ServiceDefinition {
  const view = async (context: CallContext): Promise<AccountView> => {
    const userId = context.user.keycloakId;
    // With Keycloak, a user who never was in the portal's user directory is described by the token.
    const doc: Record<string, unknown> = (await deps.reads.get(USERS, userId)) ?? { ...context.user, telNr: '' };
    const current = sessionOf(context);
    const devices = (deps.devices?.devicesOf(userId) ?? []).map((d) => ({
      id: d.sessionUid,
      ...describeUserAgent(d.userAgent),
      address: d.address,
      firstSeen: d.firstSeen,
      lastSeen: d.lastSeen,
      current: d.sessionUid === current,
    }));
    return {
      id: userId,
      username: String(doc.username),
      firstName: String(doc.firstName ?? ''),
      lastName: String(doc.lastName ?? ''),
      email: String(doc.email ?? ''),
      telNr: String(doc.telNr ?? ''),
      locale: doc.locale === 'de' ? 'de' : 'en',
      provider: deps.provider,
      passwordChangedAt: typeof doc.passwordChangedAt === 'string' ? doc.passwordChangedAt : null,
      lastLogin: typeof doc.lastLogin === 'string' ? doc.lastLogin : null,
      ...(deps.provider === 'embedded' ? await deps.accounts.secondFactorOf(userId) : { totp: false, recoveryCodesLeft: 0 }),
      devices,
    };
  };

  const embeddedOnly = () => {
    if (deps.provider !== 'embedded') throw BadRequest('Passwords, second factors and security keys are managed at the identity provider (Keycloak).');
  };

  return {
    path: SERVICES.account,
    methods: {
      get: {
        anyOf: null,
        async run(context, args) {
          own(context.user, args.id);
          return view(context);
        },
      },
      patch: {
        anyOf: null,
        async run(context, args) {
          own(context.user, args.id);
          const data = validate(patchSchema, args.data, 'account change');
          const userId = context.user.keycloakId;
          if ('totp' in data) {
            embeddedOnly();
            if (data.totp === 'begin') {
              const secret = await deps.accounts.beginTotp(userId);
              const uri = totpUri(secret, deps.brandShort, context.user.username);
              const qr = `data:image/svg+xml;base64,${Buffer.from(await qrSvg(uri, { type: 'svg', margin: 1 })).toString('base64')}`;
              return { ...(await view(context)), totpSetup: { secret, uri, qr } };
            }
            if (data.totp === 'confirm') {
              const recoveryCodes = await throttled(deps.throttle, context.user, () => deps.accounts.confirmTotp(userId, data.code));
              return { ...(await view(context)), recoveryCodes };
            }
            await throttled(deps.throttle, context.user, () => deps.accounts.disableTotp(userId, data.code));
            return view(context);
          }
          if ('newPassword' in data) {
            embeddedOnly();
            await throttled(deps.throttle, context.user, () => deps.accounts.changePassword(userId, context.user.username, data.currentPassword, data.newPassword));
            // Every other browser signs in again with the new password.
            const ended = deps.devices?.endOtherSessions(userId, sessionOf(context)) ?? [];
            deps.signOutSessions(ended);
          } else {
            embeddedOnly();
            await deps.accounts.changeDetails(userId, data, userId);
          }
          return view(context);
        },
      },
      remove: {
        anyOf: null,
        async run(context, args) {
          if (typeof args.id !== 'string' || args.id === '') throw BadRequest('Name the device to sign out, or "others".');
          const userId = context.user.keycloakId;
          if (!deps.devices) throw BadRequest('Devices are managed at the identity provider (Keycloak).');
          const current = sessionOf(context);
          if (args.id === 'others') {
            deps.signOutSessions(deps.devices.endOtherSessions(userId, current));
          } else {
            if (args.id === current) throw BadRequest('This is the device you are using: sign out with the Logout button.');
            if (!deps.devices.endSession(userId, args.id)) throw NotFound(`No record found for id '${args.id}'`);
            deps.signOutSessions([args.id]);
          }
          return view(context);
        },
      },
    },
  };
}
