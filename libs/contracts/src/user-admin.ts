import type { Permission } from './permissions';
import type { Locale } from './user';

/**
 * One row of the user manager (`idp-users`, spec §3 "Identity-provider user list row": username, email,
 * lastName, firstName, telNr, klienten, permissions, mobileApp, lastLogin, enabled), with what the
 * manager shows about logins and second factors. The same shape for the embedded provider and Keycloak.
 */
export interface IdpUser {
  id: string;
  username: string;
  email: string;
  lastName: string;
  firstName: string;
  telNr: string;
  /** Assigned client companies (empty with `all_clients`). */
  klienten: number[];
  all_clients: boolean;
  /** With `all_clients`: the companies the user is excluded from. */
  excluded: number[];
  permissions: Permission[];
  mobileApp: boolean;
  lastLogin: string | null;
  enabled: boolean;
  locale: Locale;
  /** Failed logins in a row since the last successful one. */
  failedLogins: number;
  lastFailedLogin: string | null;
  /** Logins are refused until then (too many failures). */
  lockedUntil: string | null;
  totp: boolean;
  securityKeys: number;
  /** An administrator requires a second factor at login. */
  secondFactorRequired: boolean;
  mustChangePassword: boolean;
  createdAt: string | null;
  /** Whether the caller may change this user (the kca/adm rules); absent in pushed changes. */
  editable?: boolean;
}

/** Sort and filter fields of `idp-users find`. */
export const IDP_USER_SORT_FIELDS = [
  'username',
  'email',
  'lastName',
  'firstName',
  'telNr',
  'klienten',
  'permissions',
  'mobileApp',
  'lastLogin',
  'enabled',
  'failedLogins',
] as const;
export type IdpUserSortField = (typeof IDP_USER_SORT_FIELDS)[number];

/**
 * `idp-users find` query: `$search` (words matched in username, names, e-mail, phone), `permissions` (a code,
 * or `{ $in: [...] }`: users holding any of them), `klienten` (a company number: users reaching it),
 * `enabled`, `$sort` (one field of IDP_USER_SORT_FIELDS), `$skip`, `$limit` (at most 500).
 */
export interface IdpUserQuery {
  $search?: string;
  permissions?: Permission | { $in: Permission[] };
  klienten?: number;
  enabled?: boolean;
  $sort?: Partial<Record<IdpUserSortField, 1 | -1>>;
  $skip?: number;
  $limit?: number;
}

/** Client assignment in the create and edit forms: assigned ones, or all with exclusions. */
export interface IdpClientAccess {
  klienten: number[];
  all_clients: boolean;
  excluded: number[];
}

/** `idp-users create`. Without `password` a one-time password is generated and answered once. */
export interface IdpUserCreate extends IdpClientAccess {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  telNr: string;
  locale: Locale;
  permissions: Permission[];
  mobileApp: boolean;
  secondFactorRequired: boolean;
  /** The initial password (twice: spec "passwords must match"); it must be changed at the first login. */
  password?: string;
  passwordRepeat?: string;
}

/** `idp-users patch`: any of these together (the edit form), or one action. */
export interface IdpUserPatch extends Partial<IdpClientAccess> {
  firstName?: string;
  lastName?: string;
  email?: string;
  telNr?: string;
  locale?: Locale;
  permissions?: Permission[];
  mobileApp?: boolean;
  enabled?: boolean;
  secondFactorRequired?: boolean;
  /** A new one-time password, answered once in `oneTimePassword`. */
  resetPassword?: true;
}

/** The answer of create and of a password reset: the user, and the one-time password shown once. */
export type IdpUserWithPassword = IdpUser & { oneTimePassword?: string };

/** `idp-user-bulk create`: codes and client assignments added to or removed from the selected users. */
export interface IdpBulkEditRequest {
  userIds: string[];
  addPermissions: Permission[];
  removePermissions: Permission[];
  addClients: number[];
  removeClients: number[];
  /** true: only the preview, nothing changes. */
  preview: boolean;
}

/** What a bulk edit both adds and removes: it cannot do both, so the dialog names these and the server refuses them. */
export function bulkEditConflicts(edit: Pick<IdpBulkEditRequest, 'addPermissions' | 'removePermissions' | 'addClients' | 'removeClients'>): {
  permissions: Permission[];
  clients: number[];
} {
  return {
    permissions: edit.addPermissions.filter((p) => edit.removePermissions.includes(p)),
    clients: edit.addClients.filter((c) => edit.removeClients.includes(c)),
  };
}

export interface IdpBulkEditRow {
  userId: string;
  username: string;
  outcome: 'unchanged' | 'changed' | 'refused' | 'failed';
  added: { permissions: Permission[]; clients: number[] };
  removed: { permissions: Permission[]; clients: number[] };
  /** The rule that refused the change, or why applying it failed. */
  reason: string | null;
}

export interface IdpBulkEditResult {
  preview: boolean;
  rows: IdpBulkEditRow[];
  /** Users actually changed (0 in a preview). */
  applied: number;
}

/** Spec §8 texts of the user manager. */
export const IDP_USER_TEXTS = {
  deleteDuringImport: 'cannot delete user during import',
  passwordsMustMatch: 'passwords must match',
} as const;
