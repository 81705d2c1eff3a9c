/**
 * Which identity provider the portal trusts, from the environment:
 *
 * - `OIDC_ISSUER` set → Keycloak (production): `OIDC_ISSUER` is the realm URL as it appears in
 *   tokens (e.g. http://keycloak:8080/realms/tax-portal); `OIDC_JWKS_URI` defaults to
 *   `${issuer}/protocol/openid-connect/certs` (set it when the api reaches Keycloak under another
 *   host name than the browser does). Permissions come from the token: realm roles named like the
 *   permission codes (and/or a `permissions_array` claim); clients from the `klienten_array`
 *   claim (user attribute `klienten`), `all_clients` from the user attribute of that name.
 * - otherwise → the embedded provider mounted at `/oidc` of the portal origin.
 *
 * `OIDC_CLIENT_ID` (default tax-portal) and `OIDC_AUDIENCE` (default tax-portal-api) apply to both.
 */
export type IdentityKind = 'keycloak' | 'embedded';

export interface IdentityConfig {
  kind: IdentityKind;
  /** `iss` of the access tokens; also the discovery base for the browser. */
  issuer: string;
  /** Public client the web app (keycloak-js) uses. */
  clientId: string;
  /** Required `aud` of access tokens. */
  audience: string;
  jwksUri: string;
  /** Keycloak only: realm name, for keycloak-js `{ url, realm, clientId }`. */
  realm?: string;
  /** Keycloak only: server base URL (issuer without `/realms/<realm>`). */
  url?: string;
  /** Embedded only: where the provider's router is mounted on the portal's express app. */
  mountPath?: string;
}

export type IdentityEnv = Readonly<Record<string, string | undefined>>;

export const DEFAULT_CLIENT_ID = 'tax-portal';
export const DEFAULT_AUDIENCE = 'tax-portal-api';
export const EMBEDDED_MOUNT_PATH = '/oidc';

const nonEmpty = (value: string | undefined): string | undefined => (value && value.trim() !== '' ? value.trim() : undefined);
const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

function absoluteUrl(name: string, value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return withoutTrailingSlash(value);
}

export function resolveIdentityConfig(env: IdentityEnv, portalOrigin: string): IdentityConfig {
  const clientId = nonEmpty(env.OIDC_CLIENT_ID) ?? DEFAULT_CLIENT_ID;
  const audience = nonEmpty(env.OIDC_AUDIENCE) ?? DEFAULT_AUDIENCE;
  const configuredIssuer = nonEmpty(env.OIDC_ISSUER);

  if (configuredIssuer) {
    const issuer = absoluteUrl('OIDC_ISSUER', configuredIssuer);
    const jwksUri = absoluteUrl('OIDC_JWKS_URI', nonEmpty(env.OIDC_JWKS_URI) ?? `${issuer}/protocol/openid-connect/certs`);
    const match = /^(.*)\/realms\/([^/]+)$/.exec(issuer);
    const config: IdentityConfig = { kind: 'keycloak', issuer, clientId, audience, jwksUri };
    if (match) {
      config.url = match[1];
      config.realm = decodeURIComponent(match[2]);
    }
    return config;
  }

  const origin = absoluteUrl('PUBLIC_URL', portalOrigin);
  const issuer = `${origin}${EMBEDDED_MOUNT_PATH}`;
  return { kind: 'embedded', issuer, clientId, audience, jwksUri: `${issuer}/jwks`, mountPath: EMBEDDED_MOUNT_PATH };
}
