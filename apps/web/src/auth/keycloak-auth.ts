import Keycloak from 'keycloak-js';
import type { BootstrapConfig } from '@portal/contracts';
import { rememberedLocale } from '../i18n';
import type { AuthPort } from '../stores/auth-port';
import { SILENT_CHECK_MAX_WAIT_MS, type AuthInitMode } from './session-start';

/** The page the provider answers a silent check-sso in (apps/web/public). */
export const SILENT_CHECK_SSO_PATH = '/silent-check-sso.html';
import { LOCALE_KEY } from '../stores/UiStore';
import { RETURN_TO_KEY, safePath, sessionStore } from './return-path';

function hasRememberedLocale(): boolean {
  try {
    return window.localStorage.getItem(LOCALE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * A thin login provider over keycloak-js: code flow with PKCE S256 against the embedded OpenID Connect
 * provider (generic provider, no session iframe) or Keycloak (url + realm, session iframe on), chosen
 * by the bootstrap config. `init` runs exactly once per page (no StrictMode double init).
 *
 * The provider accepts exactly one redirect URI, the site root: before leaving for the login the
 * requested path is kept in session storage, and after the login the app continues there.
 */
export class KeycloakAuth implements AuthPort {
  readonly keycloak: Keycloak;
  private initPromise: Promise<boolean> | null = null;
  /** Settles with init, or when the page stops waiting for a silent check the provider never answers. */
  private initWaited: Promise<unknown> = Promise.resolve();

  constructor(readonly oidc: BootstrapConfig['oidc']) {
    this.keycloak =
      oidc.kind === 'keycloak' && oidc.url && oidc.realm
        ? new Keycloak({ url: oidc.url, realm: oidc.realm, clientId: oidc.clientId })
        : new Keycloak({ clientId: oidc.clientId, oidcProvider: oidc.issuer });
  }

  get redirectUri(): string {
    return `${window.location.origin}/`;
  }

  /**
   * Login is required on load except on /logout (`none`); `check-sso` asks the provider in a hidden iframe
   * (prompt=none) and resolves false instead of leaving the page when it has no session.
   */
  init(mode: AuthInitMode): Promise<boolean> {
    if (!this.initPromise) {
      const callback = /[#&](state|code|error)=/.test(window.location.hash);
      if (!callback && mode === 'login-required') this.rememberPath();
      this.initPromise = this.keycloak
        .init({
          ...(mode === 'none' ? {} : { onLoad: mode }),
          ...(mode === 'check-sso' ? { silentCheckSsoRedirectUri: `${window.location.origin}${SILENT_CHECK_SSO_PATH}` } : {}),
          pkceMethod: 'S256',
          checkLoginIframe: this.oidc.kind === 'keycloak',
          redirectUri: this.redirectUri,
          // The login page in the user's language when this browser knows it; else the browser's (Accept-Language).
          ...(hasRememberedLocale() ? { locale: rememberedLocale() } : {}),
        })
        .then((authenticated) => {
          if (authenticated) this.continueToRememberedPath();
          return authenticated;
        });
      // The provider's endpoints are loaded before the silent check starts: a login needs no more than that.
      const givenUp = mode === 'check-sso' ? new Promise((resolve) => window.setTimeout(resolve, SILENT_CHECK_MAX_WAIT_MS)) : null;
      const settled = this.initPromise.catch(() => false);
      this.initWaited = givenUp ? Promise.race([settled, givenUp]) : settled;
    }
    return this.initPromise;
  }

  private rememberPath(): void {
    const path = `${window.location.pathname}${window.location.search}`;
    if (path !== '/' && window.location.pathname !== '/logout') sessionStore()?.setItem(RETURN_TO_KEY, path);
  }

  /**
   * Back from the provider at `/`: open the page the user asked for. The start route takes it too
   * (takeRememberedPath), since a router that subscribes to popstate only after this event would miss it.
   */
  private continueToRememberedPath(): void {
    const path = safePath(sessionStore()?.getItem(RETURN_TO_KEY) ?? null);
    if (!path || window.location.pathname !== '/') return;
    window.history.replaceState(window.history.state, '', path);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }

  get token(): string | undefined {
    return this.keycloak.token;
  }

  get authenticated(): boolean {
    return this.keycloak.authenticated ?? false;
  }

  updateToken(minValidity: number): Promise<boolean> {
    return this.keycloak.updateToken(minValidity);
  }

  /** Waits for init (a generic provider's endpoints load there), then leaves for the provider's login page. */
  async login(): Promise<void> {
    await this.initWaited;
    this.rememberPath();
    return this.keycloak.login({ redirectUri: this.redirectUri, ...(hasRememberedLocale() ? { locale: rememberedLocale() } : {}) });
  }

  /** Leaves for Keycloak's page of an application-initiated action; it returns to `/`, the app then to this page. */
  async providerAction(action: string): Promise<void> {
    await this.initWaited;
    this.rememberPath();
    return this.keycloak.login({ redirectUri: this.redirectUri, action });
  }

  /** Waits for init (it loads the provider's end-session endpoint), then leaves for the provider's logout. */
  async logout(redirectUri: string): Promise<void> {
    await this.initWaited;
    return this.keycloak.logout({ redirectUri });
  }
}
