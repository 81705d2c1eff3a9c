import type { IdpClientAccess, IdpUser, IdpUserCreate, Locale, Permission } from '@portal/contracts';

/** Who changes a user (recorded with every change). */
export interface IdentityActor {
  userId: string;
  username: string;
}

/** The create form's fields (`idp-users create`), its password resolved. */
export interface NewIdentityUser extends Omit<IdpUserCreate, 'password' | 'passwordRepeat'> {
  /** null: a generated one-time password. Either way it must be changed at the first login. */
  password: string | null;
}

/** What one edit changes; absent parts stay. */
export interface IdentityUserChanges {
  details?: { firstName: string; lastName: string; telNr: string };
  email?: string;
  locale?: Locale;
  mobileApp?: boolean;
  access?: IdpClientAccess & { permissions: Permission[] };
  enabled?: boolean;
  secondFactorRequired?: boolean;
}

/**
 * The user directory of an identity back end, as the user manager (`idp-users`) uses it: the embedded
 * provider's event-sourced users, or Keycloak's through its admin REST API. Both pass the same contract
 * suite (identity-users.contract.ts). Rules about who may do what are not here: the service decides
 * them (checkUserAdmin) before calling the port.
 */
export interface IdentityUsers {
  readonly kind: 'embedded' | 'keycloak';
  /** Every user (the service filters, sorts and pages them). */
  list(): Promise<IdpUser[]>;
  get(id: string): Promise<IdpUser | null>;
  /** Refuses a taken username (Conflict) and invalid data (Unprocessable). */
  create(user: NewIdentityUser, actor: IdentityActor): Promise<{ id: string; oneTimePassword: string | null }>;
  update(id: string, changes: IdentityUserChanges, actor: IdentityActor): Promise<void>;
  /** A new one-time password, to be changed at the next login; the user's other sessions end. */
  resetPassword(id: string, actor: IdentityActor): Promise<string>;
  /** The user cannot log in any more; the username becomes free. */
  remove(id: string, actor: IdentityActor): Promise<void>;
}
