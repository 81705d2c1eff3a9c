import type { User } from '@portal/contracts';

/**
 * A login account of the embedded identity provider (its password lives in the CredentialStore);
 * `secondFactorRequired`: an administrator requires an authenticator app before the login completes.
 */
export type UserAccount = User & { secondFactorRequired?: boolean };

/**
 * Where the embedded OpenID Connect provider and the gateway look users up. Backed by the `users`
 * read model, which is projected from the user aggregate's events; a disabled user is still found
 * (with `enabled: false`) so callers can refuse it explicitly.
 */
export interface UserDirectory {
  findById(keycloakId: string): Promise<UserAccount | null>;
  findByUsername(username: string): Promise<UserAccount | null>;
}
