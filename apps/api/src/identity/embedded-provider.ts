import { createHash } from 'node:crypto';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { JSONWebKeySet } from 'jose';
import { DEFAULT_LOCALE, type Locale } from '@portal/contracts';
import type { CredentialStore } from './credential-store';
import type { SecurityKeys } from './security-keys';
import { createInteractionRoutes, type LoginAccounts } from './interaction-routes';
import { LoginThrottle } from './login-throttle';
import { hashPassword } from './password-hash';
import { openSqliteOidcStore, type SqliteOidcStore } from './sqlite-oidc-adapter';
export type { DeviceSession } from './sqlite-oidc-adapter';
import { escapeHtml, pickLocale, renderMessagePage } from './login-page';
import type {
  KoaContext,
  KoaNext,
  OidcAccount,
  OidcClient,
  OidcContext,
  OidcGrant,
  OidcInteraction,
  OidcProvider,
  OidcProviderModule,
  OidcToken,
} from './oidc-types';
import { createRefreshTokenEnvelope, unwrapRefreshTokenRequests, wrapTokenResponse } from './refresh-token-envelope';
import { loadOrCreateSigningKeys } from './signing-keys';
import { ACCESS_TOKEN_SCOPE, accessTokenIssuer, DEFAULT_ACCESS_TOKEN_TTL_SECONDS } from './access-token-issuer';
import { portalClaimsOf, type PortalAccessTokenClaims } from './token-claims';
import type { UserDirectory } from './user-directory';
import { portalOrigins } from './portal-origins';

export interface EmbeddedIdentityOptions {
  /** Issuer identifier and public base URL of the provider, e.g. http://localhost:3030/oidc. */
  issuer: string;
  /** Where `router` is mounted on the portal's express app, e.g. '/oidc' (the issuer's path). */
  mountPath: string;
  /** The portal's public client, e.g. 'tax-portal'. */
  clientId: string;
  /** `aud` of the access tokens, e.g. 'tax-portal-api'. */
  audience: string;
  /**
   * Allowed redirect and post-logout URIs: exact URIs (or prefixes ending in '*', for tests only).
   * Default: exactly the portal's root `${portalOrigin}/` (the web client returns there and then
   * opens the page the user asked for).
   */
  redirectUris?: string[];
  /** Origin of the web app, e.g. http://localhost:3030. */
  portalOrigin: string;
  users: UserDirectory;
  /** Password hashes (never in the event log). */
  credentials: CredentialStore;
  /** Security keys (WebAuthn) as a second factor at login; unset: codes only. */
  securityKeys?: SecurityKeys;
  /** How the login page records logins and changes a one-time password; default: straight to `credentials`. */
  accounts?: LoginAccounts;
  /** Demo mode accepts demo users' well-known passwords; default false. */
  demoMode?: boolean;
  /** Brute-force protection of the login form; default: the standard throttle. */
  throttle?: LoginThrottle;
  log?(message: string): void;
  /** Counts refused login attempts (metrics), by reason. */
  refused?(reason: 'wrong-password' | 'wrong-second-factor' | 'throttled'): void;
  /**
   * SQLite file for the provider's state (sessions, grants, codes, refresh tokens, interactions), so a
   * restart keeps everyone signed in. Unset: oidc-provider's in-memory development store (tests only).
   */
  stateFile?: string;
  /** Requests per minute and client address: the authorization endpoint and the login form (429 beyond). */
  rateLimits?: { authorizePerMinute: number; loginPerMinute: number };
  /** JSON file holding the RS256 key and cookie secrets (created on first start). */
  keysFile: string;
  /** Access (and ID) token lifetime; default 300 s. */
  accessTokenTtlSeconds?: number;
  /** Lifetime of a login session and its refresh tokens; default 10 h (Keycloak's SSO max). */
  sessionTtlSeconds?: number;
  brandShort: string;
  slogans: Record<Locale, string>;
  /** Trust X-Forwarded-* headers (only behind a proxy that sets them); default false. */
  trustProxy?: boolean;
}

export interface EmbeddedIdentity {
  /** Mount at `mountPath`: `app.use(mountPath, identity.router)`. */
  router: Router;
  /** A signed access token for `username` with the same claims and format as the login flow's. */
  issueAccessToken(username: string): Promise<string>;
  jwksUri: string;
  /** The provider's public keys, for in-process verification (`createTokenVerifier({ jwks })`). */
  jwks: JSONWebKeySet;
  /** Signed-in browsers per account (null without a state file). */
  devices: Pick<SqliteOidcStore, 'devicesOf' | 'endSession' | 'endOtherSessions' | 'isSessionLive'> | null;
  close(): Promise<void>;
}

/** The web app's redirect URIs on each portal origin: the root and keycloak-js's silent check-sso page. */
export const REDIRECT_PATHS = ['/', '/silent-check-sso.html'] as const;

/** OpenID scopes the portal client may use; all are granted to it without a consent page. */
export const PORTAL_SCOPES = 'openid profile email offline_access';

/**
 * oidc-provider is ESM-only; this module compiles to CommonJS, where TypeScript (module node16)
 * keeps `import()` as a real dynamic import. The specifier is a variable only because the package
 * has no type declarations; the module is typed by `oidc-types.ts`.
 */
const OIDC_PROVIDER = 'oidc-provider';
async function loadOidcProvider(): Promise<OidcProviderModule> {
  return (await import(OIDC_PROVIDER)) as OidcProviderModule;
}

const isAbsoluteUri = (value: string): boolean => URL.canParse(value) && /^[a-z][a-z0-9+.-]*:/i.test(value);
const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

/** A matcher for redirect URIs: exact entries, or prefixes for entries ending in '*'. */
export function redirectMatcher(patterns: string[]): (uri: string) => boolean {
  return (uri) => {
    if (typeof uri !== 'string' || !URL.canParse(uri) || uri.includes('#')) return false;
    const normalized = new URL(uri).href;
    return patterns.some((pattern) => (pattern.endsWith('*') ? normalized.startsWith(pattern.slice(0, -1)) : normalized === new URL(pattern).href));
  };
}

const LOGOUT_SCRIPT = "document.addEventListener('DOMContentLoaded',function(){document.forms[0].submit()})";
/** Policies of the provider's own pages: nothing but their inline styles and, on the logout page, its one script. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
const LOGOUT_CSP = `${PAGE_CSP}; script-src 'sha256-${createHash('sha256').update(LOGOUT_SCRIPT).digest('base64')}'`;

function logoutPage(form: string, locale: Locale, brandShort: string): string {
  const autoLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">OK</button></noscript></form>');
  return `<!DOCTYPE html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(brandShort)}</title>
<script>${LOGOUT_SCRIPT}</script></head>
<body>${autoLogout}</body></html>`;
}

const END_SESSION_PARAMS = ['id_token_hint', 'post_logout_redirect_uri', 'state', 'ui_locales', 'client_id', 'logout_hint'];

/**
 * keycloak-js can log out by POSTing a form (`logoutMethod: 'POST'`). oidc-provider accepts POST
 * at end_session only with SameSite=None cookies, which need https; so a POST is answered with a
 * 303 to the same endpoint as GET, carrying the same parameters.
 */
export function endSessionByPost(mountPath: string): RequestHandler {
  return (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const query = new URLSearchParams();
    for (const name of END_SESSION_PARAMS) {
      const value = body[name];
      if (typeof value === 'string') query.set(name, value);
    }
    res.set('cache-control', 'no-store').redirect(303, `${mountPath}/session/end${query.size ? `?${query}` : ''}`);
  };
}

export async function createEmbeddedIdentity(options: EmbeddedIdentityOptions): Promise<EmbeddedIdentity> {
  const issuer = withoutTrailingSlash(options.issuer);
  const portalOrigin = new URL(options.portalOrigin).origin;
  const { clientId, audience, users, brandShort, slogans } = options;
  const mountPath = withoutTrailingSlash(options.mountPath);
  if (new URL(issuer).pathname.replace(/\/+$/, '') !== mountPath) {
    throw new Error(`createEmbeddedIdentity: mountPath "${mountPath}" must be the issuer's path (${issuer})`);
  }
  const accessTokenTtl = options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
  const sessionTtl = options.sessionTtlSeconds ?? 10 * 60 * 60;
  /** Resource indicators must be absolute URIs; the token's `aud` is still exactly `audience`. */
  const resource = isAbsoluteUri(audience) ? audience : `urn:${audience}`;
  // A portal on a loopback address is reached on its loopback siblings too (localhost, 127.0.0.1, [::1]).
  // Each origin's root exactly, no other path.
  const origins = portalOrigins(portalOrigin);
  // Exactly the root (the web app then opens the page asked for) and the silent check-sso page, nothing else.
  const redirectTargets = origins.flatMap((o) => REDIRECT_PATHS.map((path) => `${o}${path}`));
  const redirectAllowed = redirectMatcher(options.redirectUris ?? redirectTargets);
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const accounts: LoginAccounts = options.accounts ?? {
    async changeOwnPassword(userId, newPassword) {
      await options.credentials.setPassword({ userId, passwordHash: await hashPassword(newPassword), mustChange: false, demo: false });
    },
    async record() {},
  };
  const secureCookies = issuer.startsWith('https:');

  const keys = await loadOrCreateSigningKeys(options.keysFile);
  const issueAccessToken = await accessTokenIssuer({ issuer, audience, clientId, ttlSeconds: accessTokenTtl, keys, users });
  const envelope = await createRefreshTokenEnvelope({ issuer, privateJwk: keys.privateJwk });
  const { default: Provider, errors } = await loadOidcProvider();
  const state: SqliteOidcStore | null = options.stateFile ? openSqliteOidcStore(options.stateFile) : null;

  const enabledUser = async (id: string) => {
    const user = await users.findById(id);
    return user && user.enabled ? user : null;
  };
  const pageLocale = (ctx: KoaContext): Locale => pickLocale(undefined, ctx.get('accept-language'));

  const configuration = {
    ...(state ? { adapter: state.Adapter } : {}),
    clients: [
      {
        client_id: clientId,
        client_name: brandShort,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectTargets,
        post_logout_redirect_uris: origins.map((o) => `${o}/`),
      },
    ],
    jwks: { keys: [keys.privateJwk] },
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', secure: secureCookies, signed: true },
      short: { httpOnly: true, sameSite: 'lax', secure: secureCookies, signed: true },
    },
    scopes: PORTAL_SCOPES.split(' '),
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'name', 'given_name', 'family_name', 'locale'],
      email: ['email', 'email_verified'],
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientBasedCORS: (_ctx: KoaContext, origin: string) => origins.includes(origin),
    async findAccount(_ctx: KoaContext, sub: string): Promise<OidcAccount | undefined> {
      const user = await enabledUser(sub);
      if (!user) return undefined;
      return {
        accountId: user.keycloakId,
        async claims() {
          return {
            sub: user.keycloakId,
            preferred_username: user.username,
            name: `${user.firstName} ${user.lastName}`.trim(),
            given_name: user.firstName,
            family_name: user.lastName,
            locale: user.locale,
            email: user.email,
            email_verified: true,
          };
        },
      };
    },
    async extraTokenClaims(_ctx: KoaContext, token: OidcToken): Promise<(PortalAccessTokenClaims & { sid?: string }) | undefined> {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await enabledUser(token.accountId);
      // `sid` names the login session, so the portal can end a device's connections with its session.
      return user ? { ...portalClaimsOf(user), ...(token.sessionUid ? { sid: token.sessionUid } : {}) } : undefined;
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx: KoaContext, indicator: string) {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            audience,
            scope: ACCESS_TOKEN_SCOPE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: accessTokenTtl,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContext, form: string) {
          ctx.set('content-security-policy', LOGOUT_CSP);
          ctx.type = 'html';
          ctx.body = logoutPage(form, pageLocale(ctx), brandShort);
        },
        async postLogoutSuccessSource(ctx: KoaContext) {
          const locale = pageLocale(ctx);
          ctx.set('content-security-policy', PAGE_CSP);
          ctx.type = 'html';
          ctx.body = renderMessagePage({
            locale,
            brandShort,
            slogan: slogans[locale],
            title: locale === 'de' ? 'Abgemeldet' : 'Signed out',
            message: locale === 'de' ? 'Sie wurden abgemeldet.' : 'You have been signed out.',
          });
        },
      },
    },
    interactions: { url: (_ctx: KoaContext, interaction: { uid: string }) => `${mountPath}/interaction/${interaction.uid}` },
    async loadExistingGrant(ctx: KoaContext): Promise<OidcGrant | undefined> {
      const oidc = ctx.oidc as OidcContext;
      const client = oidc.client as OidcClient;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      const accountId = oidc.account?.accountId;
      if (client.clientId !== clientId || !accountId) return existing;
      return grantPortalScopes(oidc.provider, existing ?? new oidc.provider.Grant({ accountId, clientId }));
    },
    async issueRefreshToken(_ctx: KoaContext, client: OidcClient) {
      return client.clientId === clientId && client.grantTypeAllowed('refresh_token');
    },
    rotateRefreshToken: true,
    /** Refresh tokens end with the login session, so logout also ends refreshing. */
    expiresWithSession: async () => true,
    ttl: {
      AccessToken: accessTokenTtl,
      IdToken: accessTokenTtl,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: sessionTtl,
      Grant: sessionTtl,
      RefreshToken(ctx: KoaContext | undefined) {
        const rotated = (ctx?.oidc?.entities as { RotatedRefreshToken?: { remainingTTL: number } } | undefined)?.RotatedRefreshToken;
        return rotated ? rotated.remainingTTL : sessionTtl;
      },
    },
    async renderError(ctx: KoaContext, out: Record<string, string>) {
      const locale = pageLocale(ctx);
      ctx.set('content-security-policy', PAGE_CSP);
      ctx.type = 'html';
      ctx.body = renderMessagePage({
        locale,
        brandShort,
        slogan: slogans[locale] ?? slogans[DEFAULT_LOCALE],
        title: locale === 'de' ? 'Anmeldung fehlgeschlagen' : 'Sign-in failed',
        message: [out.error, out.error_description].filter(Boolean).join(': '),
      });
    },
  };

  async function grantPortalScopes(_provider: OidcProvider, grant: OidcGrant): Promise<OidcGrant> {
    grant.addOIDCScope(PORTAL_SCOPES);
    grant.addResourceScope(resource, ACCESS_TOKEN_SCOPE);
    await grant.save();
    return grant;
  }

  const provider = new Provider(issuer, configuration);
  provider.proxy = options.trustProxy ?? false;

  const clientPrototype = provider.Client.prototype;
  const originalRedirect = clientPrototype.redirectUriAllowed;
  const originalPostLogout = clientPrototype.postLogoutRedirectUriAllowed;
  clientPrototype.redirectUriAllowed = function redirectUriAllowed(this: OidcClient, uri: string) {
    return this.clientId === clientId ? redirectAllowed(uri) : originalRedirect.call(this, uri);
  };
  clientPrototype.postLogoutRedirectUriAllowed = function postLogoutRedirectUriAllowed(this: OidcClient, uri: string) {
    return this.clientId === clientId ? redirectAllowed(uri) : originalPostLogout.call(this, uri);
  };

  provider.use(async (ctx: KoaContext, next: KoaNext) => {
    await next();
    if (ctx.oidc?.route === 'token' && ctx.status === 200) {
      const issued = ctx.oidc.entities.RefreshToken;
      const sessionUid = issued?.sessionUid;
      if (state && sessionUid && issued?.accountId) state.touchDevice(sessionUid, issued.accountId, ctx.get('user-agent'), ctx.ip ?? '');
      // `sid` is only kept for clients with front/back-channel logout; the session uid names the same session.
      const meta = issued ? { exp: issued.exp, sid: issued.sid ?? issued.sessionUid } : undefined;
      ctx.body = await wrapTokenResponse(ctx.body, meta, envelope);
    }
  });

  const router = express.Router();
  const limits = options.rateLimits ?? { authorizePerMinute: 60, loginPerMinute: 30 };
  const perAddress = (limit: number, keyGenerator?: (req: Request) => string) =>
    rateLimit({
      windowMs: 60_000,
      limit,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      ...(keyGenerator ? { keyGenerator } : {}),
      // express's trust-proxy setting decides what req.ip is; without a proxy X-Forwarded-For is ignored.
      validate: { xForwardedForHeader: false },
      message: { error: 'too_many_requests', error_description: 'Too many requests from this address; try again in a minute.' },
    });
  // A signed-in browser checks its session silently on every page load (prompt=none): those checks count per
  // session, so one office behind one address is not refused (and signed out) for its staff's page loads. A
  // cookie naming no live session counts per address, like a request without one.
  const sessionCookie = new RegExp(`(?:^|;\\s*)${provider.cookieName('session')}=([^;]+)`);
  const sessionOrAddress = (req: Request): string => {
    const sessionId = sessionCookie.exec(req.get('cookie') ?? '')?.[1];
    return sessionId && state?.isSessionIdLive(decodeURIComponent(sessionId)) ? `session ${sessionId}` : ipKeyGenerator(req.ip ?? '');
  };
  router.get('/auth', perAddress(limits.authorizePerMinute, sessionOrAddress));
  router.post('/interaction/:uid/login', perAddress(limits.loginPerMinute));
  router.post('/interaction/:uid/otp', perAddress(limits.loginPerMinute));
  router.post('/interaction/:uid/webauthn', perAddress(limits.loginPerMinute));
  router.post('/interaction/:uid/totp-setup', perAddress(limits.loginPerMinute));
  router.post('/token', ...unwrapRefreshTokenRequests(envelope));
  router.post('/session/end', express.urlencoded({ extended: false, limit: '16kb' }), endSessionByPost(mountPath));
  router.use(
    createInteractionRoutes({
      provider,
      users,
      mountPath,
      brandShort,
      slogans,
      accounts,
      log,
      credentials: options.credentials,
      securityKeys: options.securityKeys ?? null,
      demoMode: options.demoMode ?? false,
      throttle: options.throttle ?? new LoginThrottle(),
      ...(options.refused ? { refused: options.refused } : {}),
      // CSP source lists take no IPv6 literals: the [::1] sibling is left out of form-action.
      formTargets: [...new Set([new URL(issuer).origin, ...origins.filter((o) => !o.includes('['))])],
      async grantConsent(interaction: OidcInteraction) {
        const accountId = interaction.session?.accountId;
        if (interaction.params.client_id !== clientId || !accountId) return null;
        const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
        const grant = await grantPortalScopes(provider, existing ?? new provider.Grant({ accountId, clientId }));
        return grant.jti ?? null;
      },
    }),
  );
  const callback = provider.callback();
  router.use((req, res) => {
    void callback(req, res);
  });

  return {
    router,
    issueAccessToken,
    jwksUri: `${issuer}/jwks`,
    jwks: keys.publicJwks,
    devices: state,
    async close() {
      clientPrototype.redirectUriAllowed = originalRedirect;
      clientPrototype.postLogoutRedirectUriAllowed = originalPostLogout;
      state?.close();
    },
  };
}
