import type { IdentityConfig, IdentityEnv } from '../../identity/keycloak-config';

/** How the api signs in to Keycloak's admin REST API for the user manager. */
export interface KeycloakAdminConfig {
  /** Keycloak's base URL as the api reaches it (without /realms/...). */
  url: string;
  realm: string;
  /** A confidential client with a service account holding realm-management's user roles. */
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

export const DEFAULT_ADMIN_CLIENT_ID = 'tax-portal-admin';

const nonEmpty = (value: string | undefined): string | undefined => (value && value.trim() !== '' ? value.trim() : undefined);

/**
 * The admin API settings, with Keycloak as identity provider: `KEYCLOAK_ADMIN_URL` (unset: no user
 * manager), `KEYCLOAK_ADMIN_REALM` (default: the issuer's realm), `KEYCLOAK_ADMIN_CLIENT_ID` (default
 * tax-portal-admin) and `KEYCLOAK_ADMIN_CLIENT_SECRET` (required with the URL).
 */
export function resolveKeycloakAdminConfig(env: IdentityEnv, identity: Pick<IdentityConfig, 'kind' | 'realm'>): KeycloakAdminConfig | null {
  const url = nonEmpty(env.KEYCLOAK_ADMIN_URL);
  if (identity.kind !== 'keycloak' || !url) return null;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new Error(`KEYCLOAK_ADMIN_URL must be an absolute http(s) URL, got "${url}"`);
  const realm = nonEmpty(env.KEYCLOAK_ADMIN_REALM) ?? identity.realm;
  if (!realm) throw new Error('KEYCLOAK_ADMIN_REALM is needed: OIDC_ISSUER does not name a realm (…/realms/<realm>)');
  const clientSecret = nonEmpty(env.KEYCLOAK_ADMIN_CLIENT_SECRET);
  if (!clientSecret) throw new Error('KEYCLOAK_ADMIN_CLIENT_SECRET is needed with KEYCLOAK_ADMIN_URL (the secret of the admin client, see README)');
  return { url: url.replace(/\/+$/, ''), realm, clientId: nonEmpty(env.KEYCLOAK_ADMIN_CLIENT_ID) ?? DEFAULT_ADMIN_CLIENT_ID, clientSecret, timeoutMs: 10_000 };
}
