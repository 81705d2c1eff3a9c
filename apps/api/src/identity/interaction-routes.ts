import { dirname, join } from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { passwordProblems, type Locale } from '@portal/contracts';
import type { CredentialStore } from './credential-store';
import { LoginThrottle } from './login-throttle';
import { toString as qrSvgOf } from 'qrcode';
import {
  pickLocale,
  renderLoginPage,
  renderMessagePage,
  renderNewPasswordPage,
  renderRecoveryCodesPage,
  renderSecondFactorPage,
  renderTotpSetupPage,
  LOGIN_TEXTS,
  WEBAUTHN_LOGIN_SCRIPT,
  WEBAUTHN_SCRIPTS,
  type LoginError,
  type NewPasswordError,
  type SecondFactorError,
} from './login-page';
import type { SecurityKeys } from './security-keys';
import { checkTotp, hashRecoveryCode, totpUri } from './totp';
import { isWrongSecret } from './wrong-secret';
import type { OidcInteraction, OidcProvider } from './oidc-types';
import { hashPassword, needsRehash, verifyPassword } from './password-hash';
import type { UserAccount, UserDirectory } from './user-directory';

/** What the login form reports, so the portal can record it as events (user manager, audit). */
export type LoginRecord =
  | { kind: 'succeeded'; userId: string; address: string; method: string }
  | {
      kind: 'failed';
      userId: string;
      address: string;
      reason: 'password' | 'disabled' | 'demo-password' | 'second-factor';
      failures: number;
      lockedUntil: string | null;
    };

/** How the login page changes data it does not own: through the portal's user commands. */
export interface LoginAccounts {
  /** The user replaced a one-time password by their own (event + credential). */
  changeOwnPassword(userId: string, newPassword: string): Promise<void>;
  record(entry: LoginRecord): Promise<void>;
  /**
   * Setting up an authenticator app during a login its administrator requires it for: a new secret, then the
   * first code confirms it and answers the recovery codes. Without them such a login is refused.
   */
  beginTotp?(userId: string): Promise<string>;
  confirmTotp?(userId: string, code: string): Promise<string[]>;
}

export interface InteractionRoutesOptions {
  provider: OidcProvider;
  users: UserDirectory;
  credentials: CredentialStore;
  /** Security keys as a second factor (WebAuthn); null: codes only. */
  securityKeys: SecurityKeys | null;
  accounts: LoginAccounts;
  /** Demo mode: demo users' well-known passwords are accepted; otherwise refused. */
  demoMode: boolean;
  throttle: LoginThrottle;
  /** Path the identity router is mounted at, e.g. '/oidc'. */
  mountPath: string;
  brandShort: string;
  slogans: Record<Locale, string>;
  /** Origins a form submission may end up at (the provider's and the portal's). */
  formTargets: string[];
  /** Auto-grants consent for the first-party client; returns the grant id, or null for other clients. */
  grantConsent(interaction: OidcInteraction): Promise<string | null>;
  log(message: string): void;
  /** Counts a refused login attempt (metrics): a wrong password or code, or one the throttle refused unchecked. */
  refused?(reason: 'wrong-password' | 'wrong-second-factor' | 'throttled'): void;
}

const param = (params: Record<string, unknown>, name: string): string | undefined => {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
};

const field = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** @simplewebauthn/browser's browser bundle (global SimpleWebAuthnBrowser), served to the login page. */
const WEBAUTHN_BROWSER_BUNDLE = join(dirname(require.resolve('@simplewebauthn/browser')), '../dist/bundle/index.umd.min.js');
const parseAnswer = (text: string): AuthenticationResponseJSON | null => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as AuthenticationResponseJSON) : null;
  } catch {
    return null;
  }
};
/** A one-time password was accepted: the new password form of this interaction is valid this long. */
const PENDING_CHANGE_MS = 10 * 60_000;

/**
 * The login page of the embedded provider: GET shows the form, POST checks the password (throttled
 * per account and address); a one-time password leads to the new-password form before the login
 * completes. Consent is never shown: the portal's own client is granted automatically.
 */
export function createInteractionRoutes(options: InteractionRoutesOptions): Router {
  const { provider, users, credentials, accounts, throttle, mountPath, brandShort, slogans, securityKeys } = options;
  const router = express.Router();
  const parseForm = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 });
  /** Compared against when the username is unknown, so both cases cost the same time. */
  const dummyHash = hashPassword('not-a-real-password');
  /** Interactions whose user passed a one-time password and must now choose their own: uid → user. */
  const pendingChanges = new Map<string, { userId: string; username: string; oldHash: string; expires: number }>();
  /** Interactions whose user passed the password and must now give a second factor: uid → user. */
  const pendingSecondFactor = new Map<string, { userId: string; username: string; expires: number }>();
  /** Interactions whose user must set up the required second factor first: uid → user and the new secret. */
  const pendingSetup = new Map<string, { userId: string; username: string; secret: string; expires: number }>();
  /** Interactions whose user just set it up and saw the recovery codes: uid → user. */
  const pendingContinue = new Map<string, { userId: string; expires: number }>();
  const csp = [
    // Scripts only from the provider itself: the security key step's two files.
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${options.formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

  const secure = (res: Response): Response =>
    res
      .set({
        'cache-control': 'no-store',
        pragma: 'no-cache',
        'content-security-policy': csp,
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
      })
      .type('html');

  const localeOf = (req: Request, interaction?: OidcInteraction): Locale =>
    pickLocale(interaction ? param(interaction.params, 'ui_locales') : undefined, req.get('accept-language'));

  const message = (req: Request, res: Response, status: number, text: string, interaction?: OidcInteraction): void => {
    const locale = localeOf(req, interaction);
    const t = LOGIN_TEXTS[locale];
    secure(res)
      .status(status)
      .send(renderMessagePage({ locale, brandShort, slogan: slogans[locale], title: t.error, message: text }));
  };
  const expired = (req: Request, res: Response): void => message(req, res, 400, LOGIN_TEXTS[localeOf(req)].expired);

  /** The interaction behind this browser's cookie, when it is the one named in the URL. */
  const interactionFor = async (req: Request, res: Response): Promise<OidcInteraction | null> => {
    try {
      const interaction = await provider.interactionDetails(req, res);
      return interaction.uid === req.params.uid ? interaction : null;
    } catch {
      return null;
    }
  };

  const showLogin = (req: Request, res: Response, interaction: OidcInteraction, status: number, error?: LoginError, username?: string): void => {
    const locale = localeOf(req, interaction);
    secure(res)
      .status(status)
      .send(
        renderLoginPage({
          locale,
          brandShort,
          slogan: slogans[locale],
          error,
          action: `${mountPath}/interaction/${encodeURIComponent(interaction.uid)}/login`,
          username: username ?? param(interaction.params, 'login_hint'),
        }),
      );
  };

  const showNewPassword = (req: Request, res: Response, interaction: OidcInteraction, status: number, username: string, errors: NewPasswordError[]): void => {
    const locale = localeOf(req, interaction);
    secure(res)
      .status(status)
      .send(
        renderNewPasswordPage({
          locale,
          brandShort,
          slogan: slogans[locale],
          username,
          errors,
          action: `${mountPath}/interaction/${encodeURIComponent(interaction.uid)}/password`,
        }),
      );
  };

  const refuseThrottled = (req: Request, res: Response, interaction: OidcInteraction, retryAfterSeconds: number, busy: boolean): void => {
    options.refused?.('throttled');
    const t = LOGIN_TEXTS[localeOf(req, interaction)];
    res.set('retry-after', String(retryAfterSeconds));
    message(req, res, 429, busy ? t.busy : t.locked.replace('{minutes}', String(Math.max(1, Math.ceil(retryAfterSeconds / 60)))), interaction);
  };

  const record = (entry: LoginRecord): void => {
    accounts.record(entry).catch((error: unknown) => options.log(`recording a login failed: ${String(error)}`));
  };

  /** A wrong code: counted by the throttle, recorded for the user manager, answered after the throttle's delay. */
  const secondFactorFailed = async (key: string, address: string, userId: string): Promise<void> => {
    const outcome = throttle.failed(key, address);
    options.refused?.('wrong-second-factor');
    options.log(`login: wrong second factor from ${address}`);
    record({
      kind: 'failed',
      userId,
      address,
      reason: 'second-factor',
      failures: outcome.failures,
      lockedUntil: outcome.lockedUntil === null ? null : new Date(outcome.lockedUntil).toISOString(),
    });
    await sleep(outcome.delayMs);
  };

  const finishLogin = async (req: Request, res: Response, account: UserAccount, method: string): Promise<void> => {
    record({ kind: 'succeeded', userId: account.keycloakId, address: req.ip ?? '', method });
    const amr = method === 'pwd' ? ['pwd'] : method === 'webauthn' ? ['pwd', 'hwk'] : ['pwd', 'otp'];
    await provider.interactionFinished(req, res, { login: { accountId: account.keycloakId, amr } }, { mergeWithLastSubmission: false });
  };

  /** The second step: a security key (fresh options each time the page is shown) and/or a code. */
  const showSecondFactor = async (
    req: Request,
    res: Response,
    interaction: OidcInteraction,
    userId: string,
    status: number,
    error?: SecondFactorError,
  ): Promise<void> => {
    const locale = localeOf(req, interaction);
    const base = `${mountPath}/interaction/${encodeURIComponent(interaction.uid)}`;
    const [totp, keyOptions] = await Promise.all([credentials.getTotp(userId), securityKeys?.authenticationOptions(interaction.uid, userId) ?? null]);
    secure(res)
      .status(status)
      .send(
        renderSecondFactorPage({
          locale,
          brandShort,
          slogan: slogans[locale],
          error,
          action: totp?.confirmed || !keyOptions ? `${base}/otp` : null,
          securityKey: keyOptions ? { options: keyOptions, action: `${base}/webauthn`, scriptBase: mountPath } : null,
        }),
      );
  };

  const showTotpSetup = async (
    req: Request,
    res: Response,
    interaction: OidcInteraction,
    status: number,
    pending: { username: string; secret: string },
    error?: 'otpInvalid',
  ): Promise<void> => {
    const locale = localeOf(req, interaction);
    const qrSvg = await qrSvgOf(totpUri(pending.secret, brandShort, pending.username), { type: 'svg', margin: 1 });
    secure(res)
      .status(status)
      .send(
        renderTotpSetupPage({
          locale,
          brandShort,
          slogan: slogans[locale],
          qrSvg,
          secret: pending.secret,
          error,
          action: `${mountPath}/interaction/${encodeURIComponent(interaction.uid)}/totp-setup`,
        }),
      );
  };

  /**
   * After the password (and a replaced one-time password): the second factor if the user set one up; the
   * set-up of one if an administrator requires it ("2-factor authentication not set up"); else done.
   */
  const passwordAccepted = async (req: Request, res: Response, interaction: OidcInteraction, account: UserAccount): Promise<void> => {
    const totp = await credentials.getTotp(account.keycloakId);
    const keys = (await securityKeys?.store.listSecurityKeys(account.keycloakId))?.length ?? 0;
    if (totp?.confirmed || keys > 0) {
      pendingSecondFactor.set(interaction.uid, { userId: account.keycloakId, username: account.username, expires: Date.now() + PENDING_CHANGE_MS });
      return showSecondFactor(req, res, interaction, account.keycloakId, 200);
    }
    if (account.secondFactorRequired) {
      if (!accounts.beginTotp || !accounts.confirmTotp)
        return message(req, res, 403, LOGIN_TEXTS[localeOf(req, interaction)].totpRequiredUnavailable, interaction);
      const pending = {
        userId: account.keycloakId,
        username: account.username,
        secret: await accounts.beginTotp(account.keycloakId),
        expires: Date.now() + PENDING_CHANGE_MS,
      };
      pendingSetup.set(interaction.uid, pending);
      return showTotpSetup(req, res, interaction, 200, pending);
    }
    return finishLogin(req, res, account, 'pwd');
  };

  router.get(`/${WEBAUTHN_SCRIPTS[0]}`, (_req, res) => {
    res.set({ 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' }).type('js').sendFile(WEBAUTHN_BROWSER_BUNDLE);
  });
  router.get(`/${WEBAUTHN_SCRIPTS[1]}`, (_req, res) => {
    res.set({ 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' }).type('js').send(WEBAUTHN_LOGIN_SCRIPT);
  });

  router.get('/interaction/:uid', async (req, res, next) => {
    try {
      const interaction = await interactionFor(req, res);
      if (!interaction) return expired(req, res);
      if (interaction.prompt.name === 'login') return showLogin(req, res, interaction, 200);
      if (interaction.prompt.name === 'consent') {
        const grantId = await options.grantConsent(interaction);
        const result = grantId ? { consent: { grantId } } : { error: 'access_denied', error_description: 'consent is only granted to the portal client' };
        return await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
      }
      return expired(req, res);
    } catch (error) {
      return next(error);
    }
  });

  router.post('/interaction/:uid/login', parseForm, async (req, res, next) => {
    try {
      const interaction = await interactionFor(req, res);
      if (!interaction || interaction.prompt.name !== 'login') return expired(req, res);
      const username = field(req.body, 'username').trim().slice(0, 200);
      const password = field(req.body, 'password').slice(0, 1024);
      const address = req.ip ?? '';
      const key = username.toLowerCase();
      const verdict = throttle.begin(key, address);
      if (!verdict.allowed) return refuseThrottled(req, res, interaction, verdict.retryAfterSeconds, verdict.reason === 'busy');
      try {
        const account = username ? await users.findByUsername(username) : null;
        const credential = account ? await credentials.getPassword(account.keycloakId) : null;
        const passwordOk = await verifyPassword(password, credential?.passwordHash ?? (await dummyHash));
        const demoRefused = passwordOk && credential?.demo === true && !options.demoMode;
        if (!account || !credential || !passwordOk || password === '' || demoRefused) {
          const outcome = throttle.failed(key, address);
          options.refused?.('wrong-password');
          // At most as many lines as the throttle lets attempts through (per address and account).
          options.log(`login: wrong password for ${JSON.stringify(username.slice(0, 64))} from ${address}`);
          if (account) {
            const reason = demoRefused ? 'demo-password' : 'password';
            record({
              kind: 'failed',
              userId: account.keycloakId,
              address,
              reason,
              failures: outcome.failures,
              lockedUntil: outcome.lockedUntil === null ? null : new Date(outcome.lockedUntil).toISOString(),
            });
          }
          if (demoRefused)
            options.log(
              `Refused the demo password of "${account?.username}": demo users exist only in demo mode (set a real password with npm run user -- passwd ${account?.username})`,
            );
          await sleep(outcome.delayMs);
          return showLogin(req, res, interaction, 401, demoRefused ? 'demoRefused' : 'invalid', username);
        }
        throttle.succeeded(key);
        if (!account.enabled) {
          record({ kind: 'failed', userId: account.keycloakId, address, reason: 'disabled', failures: 0, lockedUntil: null });
          return showLogin(req, res, interaction, 403, 'disabled', username);
        }
        if (needsRehash(credential.passwordHash)) {
          await credentials.setPassword({ ...credential, passwordHash: await hashPassword(password) });
        }
        if (credential.mustChange) {
          pendingChanges.set(interaction.uid, {
            userId: account.keycloakId,
            username: account.username,
            oldHash: credential.passwordHash,
            expires: Date.now() + PENDING_CHANGE_MS,
          });
          return showNewPassword(req, res, interaction, 200, account.username, []);
        }
        return await passwordAccepted(req, res, interaction, account);
      } finally {
        verdict.release();
      }
    } catch (error) {
      return next(error);
    }
  });

  router.post('/interaction/:uid/password', parseForm, async (req, res, next) => {
    try {
      const interaction = await interactionFor(req, res);
      const pending = interaction ? pendingChanges.get(interaction.uid) : undefined;
      if (!interaction || interaction.prompt.name !== 'login' || !pending || pending.expires < Date.now()) return expired(req, res);
      const newPassword = field(req.body, 'newPassword');
      const repeated = field(req.body, 'repeatPassword');
      const errors: NewPasswordError[] = [...passwordProblems(newPassword, pending.username)];
      if (newPassword !== repeated) errors.push('mismatch');
      if (errors.length === 0 && (await verifyPassword(newPassword, pending.oldHash))) errors.push('samePassword');
      if (errors.length > 0) return showNewPassword(req, res, interaction, 400, pending.username, errors);
      const account = await users.findById(pending.userId);
      if (!account || !account.enabled) return expired(req, res);
      await accounts.changeOwnPassword(account.keycloakId, newPassword);
      pendingChanges.delete(interaction.uid);
      return await passwordAccepted(req, res, interaction, account);
    } catch (error) {
      return next(error);
    }
  });

  router.post('/interaction/:uid/otp', parseForm, async (req, res, next) => {
    try {
      const interaction = await interactionFor(req, res);
      const pending = interaction ? pendingSecondFactor.get(interaction.uid) : undefined;
      if (!interaction || interaction.prompt.name !== 'login' || !pending || pending.expires < Date.now()) return expired(req, res);
      const address = req.ip ?? '';
      const key = pending.username.toLowerCase();
      const verdict = throttle.begin(key, address);
      if (!verdict.allowed) return refuseThrottled(req, res, interaction, verdict.retryAfterSeconds, verdict.reason === 'busy');
      try {
        const code = field(req.body, 'code').trim().slice(0, 40);
        const totp = await credentials.getTotp(pending.userId);
        let method: string | null = null;
        let error: 'otpInvalid' | 'otpReplayed' = 'otpInvalid';
        if (totp?.confirmed && /^\d[\d\s]{5,7}$/.test(code)) {
          const check = checkTotp(totp.secret, code, totp.lastStep, Date.now());
          if (check.ok) {
            await credentials.recordTotpStep(pending.userId, check.step);
            method = 'otp';
          } else if (check.reason === 'replayed') {
            error = 'otpReplayed';
          }
        } else if (code !== '' && (await credentials.useRecoveryCode(pending.userId, hashRecoveryCode(code)))) {
          method = 'recovery-code';
        }
        const account = await users.findById(pending.userId);
        if (!method || !account || !account.enabled) {
          await secondFactorFailed(key, address, pending.userId);
          return await showSecondFactor(req, res, interaction, pending.userId, 401, error);
        }
        throttle.succeeded(key);
        pendingSecondFactor.delete(interaction.uid);
        return await finishLogin(req, res, account, method);
      } finally {
        verdict.release();
      }
    } catch (error) {
      return next(error);
    }
  });

  router.post('/interaction/:uid/webauthn', parseForm, async (req, res, next) => {
    try {
      const interaction = await interactionFor(req, res);
      const pending = interaction ? pendingSecondFactor.get(interaction.uid) : undefined;
      if (!interaction || interaction.prompt.name !== 'login' || !pending || pending.expires < Date.now() || !securityKeys) return expired(req, res);
      const address = req.ip ?? '';
      const key = pending.username.toLowerCase();
      const verdict = throttle.begin(key, address);
      if (!verdict.allowed) return refuseThrottled(req, res, interaction, verdict.retryAfterSeconds, verdict.reason === 'busy');
      try {
        const answer = parseAnswer(field(req.body, 'response'));
        const verified = answer !== null && (await securityKeys.verifyAuthentication(interaction.uid, pending.userId, answer));
        const account = await users.findById(pending.userId);
        if (!verified || !account || !account.enabled) {
          await secondFactorFailed(key, address, pending.userId);
          return await showSecondFactor(req, res, interaction, pending.userId, 401, 'keyInvalid');
        }
        throttle.succeeded(key);
        pendingSecondFactor.delete(interaction.uid);
        return await finishLogin(req, res, account, 'webauthn');
      } finally {
        verdict.release();
      }
    } catch (error) {
      return next(error);
    }
  });

  router.post('/interaction/:uid/totp-setup', parseForm, async (req, res, next) => {
    try {
      const interaction = await interactionFor(req, res);
      const pending = interaction ? pendingSetup.get(interaction.uid) : undefined;
      if (!interaction || interaction.prompt.name !== 'login' || !pending || pending.expires < Date.now() || !accounts.confirmTotp) return expired(req, res);
      const address = req.ip ?? '';
      const key = pending.username.toLowerCase();
      const verdict = throttle.begin(key, address);
      if (!verdict.allowed) return refuseThrottled(req, res, interaction, verdict.retryAfterSeconds, verdict.reason === 'busy');
      try {
        let codes: string[];
        try {
          codes = await accounts.confirmTotp(pending.userId, field(req.body, 'code').trim().slice(0, 40));
        } catch (error) {
          if (!isWrongSecret(error)) throw error;
          await secondFactorFailed(key, address, pending.userId);
          return await showTotpSetup(req, res, interaction, 401, pending, 'otpInvalid');
        }
        throttle.succeeded(key);
        pendingSetup.delete(interaction.uid);
        pendingContinue.set(interaction.uid, { userId: pending.userId, expires: Date.now() + PENDING_CHANGE_MS });
        const locale = localeOf(req, interaction);
        return secure(res)
          .status(200)
          .send(
            renderRecoveryCodesPage({
              locale,
              brandShort,
              slogan: slogans[locale],
              codes,
              action: `${mountPath}/interaction/${encodeURIComponent(interaction.uid)}/continue`,
            }),
          );
      } finally {
        verdict.release();
      }
    } catch (error) {
      return next(error);
    }
  });

  router.post('/interaction/:uid/continue', parseForm, async (req, res, next) => {
    try {
      const interaction = await interactionFor(req, res);
      const pending = interaction ? pendingContinue.get(interaction.uid) : undefined;
      if (!interaction || interaction.prompt.name !== 'login' || !pending || pending.expires < Date.now()) return expired(req, res);
      const account = await users.findById(pending.userId);
      if (!account?.enabled) return expired(req, res);
      pendingContinue.delete(interaction.uid);
      return await finishLogin(req, res, account, 'otp');
    } catch (error) {
      return next(error);
    }
  });

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [uid, pending] of pendingSetup) if (pending.expires < now) pendingSetup.delete(uid);
    for (const [uid, pending] of pendingContinue) if (pending.expires < now) pendingContinue.delete(uid);
    for (const [uid, pending] of pendingChanges) if (pending.expires < now) pendingChanges.delete(uid);
    for (const [uid, pending] of pendingSecondFactor) if (pending.expires < now) pendingSecondFactor.delete(uid);
  }, 60_000);
  sweep.unref();

  return router;
}
