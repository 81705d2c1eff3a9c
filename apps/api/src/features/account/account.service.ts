import { BadRequest, LOCALES, NotFound, SERVICES, TooManyRequests, type AccountView, type Locale, type User } from '@portal/contracts';
import { userDecider, userPreferencesDecider, userPreferencesStreamId, userStreamId } from '@portal/domain';
import { USER_PREFERENCES, USERS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { CallContext, ServiceDefinition } from '../../gateway/service-definition';
import type { LoginThrottle } from '../../identity/login-throttle';
import { isWrongSecret } from '../../identity/wrong-secret';
import type { CommandSender } from '../../platform/domain-command';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import type { AccountCaller } from './account-port';
import type { EmbeddedAccount } from './embedded-account';
import type { KeycloakAccount } from './keycloak-account';

export interface AccountServiceDeps {
  reads: ReadStore;
  commands: CommandSender;
  /** The identity provider's side of the account. */
  port: EmbeddedAccount | KeycloakAccount;
  /** Ends the live connections of ended provider sessions at once. */
  signOutSessions(sids: readonly string[]): void;
  /** The login form's throttle: wrong current passwords and codes here count like wrong logins. */
  throttle: LoginThrottle;
}

const SELF = 'me';
const label = z.string().min(1).max(200);
const keyId = z.string().min(1).max(1024);
const patchSchema = z.union([
  z.strictObject({ firstName: z.string().max(100), lastName: z.string().max(100), telNr: z.string().max(40) }),
  z.strictObject({ locale: z.enum(LOCALES) }),
  z.strictObject({ email: z.string().min(1).max(254) }),
  z.strictObject({ currentPassword: z.string().min(1).max(1024), newPassword: z.string().min(1).max(1024) }),
  z.strictObject({ totp: z.literal('begin') }),
  z.strictObject({ totp: z.enum(['confirm', 'disable']), code: z.string().min(1).max(40) }),
  z.strictObject({ securityKey: z.literal('options') }),
  z.strictObject({ securityKey: z.literal('register'), label, response: z.record(z.string(), z.unknown()) }),
  z.strictObject({ securityKey: z.literal('rename'), id: keyId, label }),
  z.strictObject({ securityKey: z.literal('remove'), id: keyId }),
]);

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
    throw TooManyRequests(`Too many wrong entries. Try again in ${Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60))} minutes.`, {
      retryAfter: verdict.retryAfterSeconds,
    });
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
 * account: the personal account page of every signed-in user — language, details, e-mail,
 * password, second factors, security keys and logged-in devices. Only ever the caller's own account
 * (`me`). The language is the portal's (the user stream, or a preference by subject for users known
 * only from their token); everything else is the identity provider's, through its adapter.
 */
export function accountService(deps: AccountServiceDeps): ServiceDefinition {
  const { port } = deps;
  const callerOf = (context: CallContext): AccountCaller => ({ user: context.user, accessToken: context.accessToken, sessionId: sessionOf(context) });

  /** The language chosen last: the user's own (directory) or their preference by subject, else the token's. */
  const localeOf = async (user: User): Promise<Locale> => {
    const doc = (await deps.reads.get(USERS, user.keycloakId)) ?? (await deps.reads.get(USER_PREFERENCES, user.keycloakId));
    return doc?.locale === 'de' || doc?.locale === 'en' ? doc.locale : user.locale;
  };

  const view = async (context: CallContext, extra: Partial<AccountView> = {}): Promise<AccountView> => {
    const [account, locale] = await Promise.all([port.read(callerOf(context)), localeOf(context.user)]);
    return { id: context.user.keycloakId, ...account, locale, provider: port.provider, ...extra };
  };

  const embedded = (): EmbeddedAccount => {
    if (port.provider !== 'embedded')
      throw BadRequest("Passwords, second factors and new security keys are managed on the identity provider's pages (Keycloak).");
    return port;
  };

  const chooseLocale = async (context: CallContext, locale: Locale): Promise<void> => {
    const userId = context.user.keycloakId;
    const ctx = commandContextOf(context, null);
    if (await deps.reads.get(USERS, userId)) {
      await deps.commands.send(userDecider, userStreamId(userId), { type: 'ChangeUserLocale', locale }, ctx);
    } else {
      await deps.commands.send(userPreferencesDecider, userPreferencesStreamId(userId), { type: 'ChooseLocale', subject: userId, locale }, ctx);
    }
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
          const caller = callerOf(context);
          if ('locale' in data) {
            await chooseLocale(context, data.locale);
          } else if ('email' in data) {
            await port.changeEmail(caller, data.email);
          } else if ('firstName' in data) {
            await port.changeDetails(caller, data);
          } else if ('newPassword' in data) {
            deps.signOutSessions(await throttled(deps.throttle, context.user, () => embedded().changePassword(caller, data.currentPassword, data.newPassword)));
          } else if ('totp' in data) {
            if (data.totp === 'begin') return view(context, { totpSetup: await embedded().beginTotp(caller) });
            if (data.totp === 'confirm')
              return view(context, { recoveryCodes: await throttled(deps.throttle, context.user, () => embedded().confirmTotp(caller, data.code)) });
            await throttled(deps.throttle, context.user, () => embedded().disableTotp(caller, data.code));
          } else if (data.securityKey === 'options') {
            return view(context, { securityKeyOptions: await embedded().securityKeyOptions(caller) });
          } else if (data.securityKey === 'register') {
            await embedded().registerSecurityKey(caller, data.label, data.response);
          } else if (data.securityKey === 'rename') {
            await port.renameSecurityKey(caller, data.id, data.label);
          } else {
            await embedded().removeSecurityKey(caller, data.id);
          }
          return view(context);
        },
      },
      remove: {
        anyOf: null,
        async run(context, args) {
          if (typeof args.id !== 'string' || args.id === '' || args.id.length > 1024) throw BadRequest('Name the device to sign out, or "others".');
          deps.signOutSessions(await port.signOut(callerOf(context), args.id));
          return view(context);
        },
      },
    },
  };
}
