import { isPermission, LOCALES, type IdpUser, type Locale, type Permission } from '@portal/contracts';
import type UserRepresentation from '@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js' with { 'resolution-mode': 'import' };
import type { IdentityUserChanges, NewIdentityUser } from './identity-users.port';

/**
 * User attributes the portal keeps in Keycloak. Each is declared in the realm's user profile
 * (deploy/keycloak/tax-portal-realm.json): recent Keycloak drops undeclared attributes without a word.
 */
export const KEYCLOAK_ATTRIBUTES = {
  klienten: 'klienten',
  allClients: 'all_clients',
  excluded: 'excluded_klienten',
  telNr: 'telNr',
  mobileApp: 'mobileApp',
  locale: 'locale',
} as const;

export const UPDATE_PASSWORD = 'UPDATE_PASSWORD';
/** Keycloak's required action for an authenticator app: the portal's "second factor required". */
export const CONFIGURE_TOTP = 'CONFIGURE_TOTP';

type Attributes = Record<string, string[]>;

const values = (attributes: Attributes, name: string): string[] => {
  const value: unknown = attributes[name];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
};
const first = (attributes: Attributes, name: string): string => values(attributes, name)[0] ?? '';
const numbers = (attributes: Attributes, name: string): number[] =>
  [
    ...new Set(
      values(attributes, name)
        .filter((v) => /^\d+$/.test(v))
        .map(Number),
    ),
  ].sort((a, b) => a - b);
const flag = (value: boolean): string[] => [value ? 'true' : 'false'];
const localeOf = (value: string): Locale => ((LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'de');
const isoOf = (epochMs: number | undefined): string | null => (typeof epochMs === 'number' ? new Date(epochMs).toISOString() : null);

/**
 * A Keycloak user as the user manager shows it. Permissions are the user's realm roles named like a
 * permission code; the last login comes from Keycloak's LOGIN events. Keycloak keeps failed logins in
 * its brute-force detector and security keys as WebAuthn credentials, which the admin console shows:
 * they are not read per row here.
 */
export function idpUserOfKeycloak(user: UserRepresentation, roles: readonly string[], lastLogin: number | undefined): IdpUser {
  const attributes = (user.attributes ?? {}) as Attributes;
  const all = first(attributes, KEYCLOAK_ATTRIBUTES.allClients) === 'true';
  const actions = user.requiredActions ?? [];
  return {
    id: String(user.id),
    username: user.username ?? '',
    email: user.email ?? '',
    lastName: user.lastName ?? '',
    firstName: user.firstName ?? '',
    telNr: first(attributes, KEYCLOAK_ATTRIBUTES.telNr),
    klienten: all ? [] : numbers(attributes, KEYCLOAK_ATTRIBUTES.klienten),
    all_clients: all,
    excluded: all ? numbers(attributes, KEYCLOAK_ATTRIBUTES.excluded) : [],
    permissions: [...new Set(roles.filter(isPermission))].sort() as Permission[],
    mobileApp: first(attributes, KEYCLOAK_ATTRIBUTES.mobileApp) === 'true',
    lastLogin: isoOf(lastLogin),
    enabled: user.enabled !== false,
    locale: localeOf(first(attributes, KEYCLOAK_ATTRIBUTES.locale)),
    failedLogins: 0,
    lastFailedLogin: null,
    lockedUntil: null,
    totp: user.totp === true,
    securityKeys: 0,
    secondFactorRequired: user.totp === true || actions.includes(CONFIGURE_TOTP),
    mustChangePassword: actions.includes(UPDATE_PASSWORD),
    createdAt: isoOf(user.createdTimestamp),
  };
}

/** The portal's attributes of a user, merged over the ones Keycloak (or another tool) keeps beside them. */
function withPortalAttributes(attributes: Attributes, changes: IdentityUserChanges): Attributes {
  const next: Attributes = { ...attributes };
  if (changes.details) next[KEYCLOAK_ATTRIBUTES.telNr] = [changes.details.telNr.trim()];
  if (changes.locale !== undefined) next[KEYCLOAK_ATTRIBUTES.locale] = [changes.locale];
  if (changes.mobileApp !== undefined) next[KEYCLOAK_ATTRIBUTES.mobileApp] = flag(changes.mobileApp);
  if (changes.access) {
    next[KEYCLOAK_ATTRIBUTES.klienten] = changes.access.all_clients ? [] : changes.access.klienten.map(String);
    next[KEYCLOAK_ATTRIBUTES.allClients] = flag(changes.access.all_clients);
    next[KEYCLOAK_ATTRIBUTES.excluded] = changes.access.all_clients ? changes.access.excluded.map(String) : [];
  }
  return next;
}

/** The representation that creates a user (roles are mapped after it, passwords are temporary). */
export function newKeycloakUser(user: NewIdentityUser, password: string): UserRepresentation {
  return {
    username: user.username.trim(),
    email: user.email.trim(),
    firstName: user.firstName.trim(),
    lastName: user.lastName.trim(),
    enabled: true,
    emailVerified: true,
    attributes: withPortalAttributes({}, { details: user, locale: user.locale, mobileApp: user.mobileApp, access: user }),
    requiredActions: [UPDATE_PASSWORD, ...(user.secondFactorRequired ? [CONFIGURE_TOTP] : [])],
    credentials: [{ type: 'password', value: password, temporary: true }],
  };
}

/** The full representation after an edit: Keycloak's PUT replaces the attributes it is given. */
export function changedKeycloakUser(user: UserRepresentation, changes: IdentityUserChanges): UserRepresentation {
  const actions = (user.requiredActions ?? []).filter((a) => a !== CONFIGURE_TOTP);
  const secondFactor = changes.secondFactorRequired ?? (user.requiredActions ?? []).includes(CONFIGURE_TOTP);
  return {
    ...user,
    ...(changes.details ? { firstName: changes.details.firstName.trim(), lastName: changes.details.lastName.trim() } : {}),
    ...(changes.email !== undefined ? { email: changes.email.trim() } : {}),
    ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
    attributes: withPortalAttributes((user.attributes ?? {}) as Attributes, changes),
    requiredActions: secondFactor && user.totp !== true ? [...actions, CONFIGURE_TOTP] : actions,
  };
}
