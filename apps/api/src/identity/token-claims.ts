import { DEFAULT_LOCALE, isPermission, LOCALES, type Locale, type Permission, type User } from '@portal/contracts';
import type { VerifiedToken } from './token-verifier';

/** Claims the portal adds to every access token of the embedded provider (Keycloak: protocol mappers). */
export interface PortalAccessTokenClaims {
  preferred_username: string;
  email: string;
  given_name: string;
  family_name: string;
  locale: Locale;
  permissions_array: Permission[];
  klienten_array: number[];
  all_clients: boolean;
}

export const PORTAL_CLAIM_NAMES: readonly (keyof PortalAccessTokenClaims)[] = [
  'preferred_username',
  'email',
  'given_name',
  'family_name',
  'locale',
  'permissions_array',
  'klienten_array',
  'all_clients',
];

export function portalClaimsOf(user: User): PortalAccessTokenClaims {
  return {
    preferred_username: user.username,
    email: user.email,
    given_name: user.firstName,
    family_name: user.lastName,
    locale: user.locale,
    permissions_array: [...user.permissions_array],
    klienten_array: [...user.klienten_array],
    all_clients: user.all_clients,
  };
}

const toLocale = (value: string | undefined): Locale => {
  const lang = (value ?? '').toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : DEFAULT_LOCALE;
};

/**
 * The portal User described by a verified access token of either provider. Permissions are the
 * `permissions_array` claim plus realm roles named like a permission code (Keycloak); unknown
 * codes are dropped. `favClient` is the first assigned client.
 */
export function userFromToken(token: VerifiedToken): User {
  const codes = new Set<Permission>();
  for (const code of [...(token.permissions_array ?? []), ...(token.realm_access?.roles ?? [])]) {
    if (isPermission(code)) codes.add(code);
  }
  const klienten = [...new Set(token.klienten_array ?? [])];
  return {
    keycloakId: token.sub,
    username: token.username ?? token.sub,
    permissions_array: [...codes].sort(),
    firstName: token.given_name ?? '',
    lastName: token.family_name ?? '',
    email: token.email ?? '',
    locale: toLocale(token.locale),
    klienten_array: klienten,
    all_clients: token.all_clients ?? false,
    favClient: klienten[0] ?? null,
    enabled: true,
  };
}
