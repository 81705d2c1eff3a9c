import express, { type Request, type Response, type Router } from 'express';
import type { Locale } from '@portal/contracts';
import { pickLocale, renderLoginPage, renderMessagePage, LOGIN_TEXTS, type LoginError } from './login-page';
import type { OidcInteraction, OidcProvider } from './oidc-types';
import { hashPassword, verifyPassword } from './password-hash';
import type { UserDirectory } from './user-directory';

export interface InteractionRoutesOptions {
  provider: OidcProvider;
  users: UserDirectory;
  /** Path the identity router is mounted at, e.g. '/oidc'. */
  mountPath: string;
  brandShort: string;
  slogans: Record<Locale, string>;
  /** Origins a form submission may end up at (the provider's and the portal's). */
  formTargets: string[];
  /** Auto-grants consent for the first-party client; returns the grant id, or null for other clients. */
  grantConsent(interaction: OidcInteraction): Promise<string | null>;
}

const param = (params: Record<string, unknown>, name: string): string | undefined => {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The login page of the embedded provider: GET shows the form, POST checks the password.
 * Consent is never shown: the portal's own client is granted automatically.
 */
export function createInteractionRoutes(options: InteractionRoutesOptions): Router {
  const { provider, users, mountPath, brandShort, slogans } = options;
  const router = express.Router();
  const parseForm = express.urlencoded({ extended: false, limit: '16kb' });
  /** Compared against when the username is unknown, so both cases cost the same time. */
  const dummyHash = hashPassword('not-a-real-password');
  const csp = [
    "default-src 'none'", "style-src 'unsafe-inline'", `form-action 'self' ${options.formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'", "base-uri 'none'",
  ].join('; ');

  const secure = (res: Response): Response => res.set({
    'cache-control': 'no-store', pragma: 'no-cache', 'content-security-policy': csp,
    'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff',
  }).type('html');

  const localeOf = (req: Request, interaction?: OidcInteraction): Locale =>
    pickLocale(interaction ? param(interaction.params, 'ui_locales') : undefined, req.get('accept-language'));

  const expired = (req: Request, res: Response): void => {
    const locale = localeOf(req);
    const t = LOGIN_TEXTS[locale];
    secure(res).status(400).send(renderMessagePage({ locale, brandShort, slogan: slogans[locale], title: t.error, message: t.expired }));
  };

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
    secure(res).status(status).send(renderLoginPage({
      locale, brandShort, slogan: slogans[locale], error,
      action: `${mountPath}/interaction/${encodeURIComponent(interaction.uid)}/login`,
      username: username ?? param(interaction.params, 'login_hint'),
    }));
  };

  router.get('/interaction/:uid', async (req, res, next) => {
    try {
      const interaction = await interactionFor(req, res);
      if (!interaction) return expired(req, res);
      if (interaction.prompt.name === 'login') return showLogin(req, res, interaction, 200);
      if (interaction.prompt.name === 'consent') {
        const grantId = await options.grantConsent(interaction);
        const result = grantId
          ? { consent: { grantId } }
          : { error: 'access_denied', error_description: 'consent is only granted to the portal client' };
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
      const body = (req.body ?? {}) as Record<string, unknown>;
      const username = typeof body.username === 'string' ? body.username.trim() : '';
      const password = typeof body.password === 'string' ? body.password : '';
      const account = username ? await users.findByUsername(username) : null;
      const passwordOk = await verifyPassword(password, account?.passwordHash ?? (await dummyHash));
      if (!account || !passwordOk || password === '') return showLogin(req, res, interaction, 401, 'invalid', username);
      if (!account.enabled) return showLogin(req, res, interaction, 403, 'disabled', username);
      return await provider.interactionFinished(req, res, { login: { accountId: account.keycloakId, amr: ['pwd'] } }, { mergeWithLastSubmission: false });
    } catch (error) {
      return next(error);
    }
  });

  return router;
}
