import Keycloak from 'keycloak-js';
import type { BootstrapConfig } from '@portal/contracts';
import type { AuthPort } from '../stores/auth-port';
import type { AuthInitMode } from './session-start';

/** The page the provider answers a silent check-sso in (apps/web/public). */
export const SILENT_CHECK_SSO_PATH = '/silent-check-sso.html';

/**
 * A thin login provider over keycloak-js: code flow with PKCE S256 against the embedded OpenID Connect
 * provider (generic provider, no session iframe) or Keycloak (url + realm, session iframe on), chosen
 * by the bootstrap config. `init` runs exactly once per page (no StrictMode double init).
 */
export class KeycloakAuth implements AuthPort {
  readonly keycloak: Keycloak;
  private initPromise: Promise<boolean> | null = null;

  constructor(readonly oidc: BootstrapConfig['oidc']) {
    this.keycloak =
      oidc.kind === 'keycloak' && oidc.url && oidc.realm
        ? new Keycloak({ url: oidc.url, realm: oidc.realm, clientId: oidc.clientId })
        : new Keycloak({ clientId: oidc.clientId, oidcProvider: oidc.issuer });
  }

  /**
   * Login is required on load except on /logout (`none`); `check-sso` asks the provider in a hidden iframe
   * (prompt=none) and resolves false instead of leaving the page when it has no session.
   */
  init(mode: AuthInitMode): Promise<boolean> {
    this.initPromise ??= this.keycloak.init({
      ...(mode === 'none' ? {} : { onLoad: mode }),
      ...(mode === 'check-sso' ? { silentCheckSsoRedirectUri: `${window.location.origin}${SILENT_CHECK_SSO_PATH}` } : {}),
      pkceMethod: 'S256',
      checkLoginIframe: this.oidc.kind === 'keycloak',
    });
    return this.initPromise;
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
    await this.initPromise?.catch(() => false);
    return this.keycloak.login();
  }

  /** Waits for init (it loads the provider's end-session endpoint), then leaves for the provider's logout. */
  async logout(redirectUri: string): Promise<void> {
    await this.initPromise?.catch(() => false);
    return this.keycloak.logout({ redirectUri });
  }
}
