import type { AccountView, PersonalDetails, User } from '@portal/contracts';

/** Who opened the account page: the user, their access token and the provider session of this connection. */
export interface AccountCaller {
  user: User;
  accessToken: string;
  /** The access token's `sid`: the login session of this browser. */
  sessionId: string | null;
}

/** Everything of the page the identity provider keeps (the language is the portal's own). */
export type ProviderAccount = Omit<AccountView, 'id' | 'locale' | 'provider' | 'totpSetup' | 'recoveryCodes' | 'securityKeyOptions'>;

/**
 * The personal account at the identity provider: one port, an adapter for the embedded provider (which
 * also changes passwords and second factors in the page) and one over Keycloak's account REST API (which
 * leaves those to Keycloak's own pages, `ProviderAccount.actions`).
 */
export interface AccountPort {
  readonly provider: AccountView['provider'];
  read(caller: AccountCaller): Promise<ProviderAccount>;
  changeDetails(caller: AccountCaller, details: PersonalDetails): Promise<void>;
  /** Embedded: a confirmation link to the new address; Keycloak: its own verification of the address. */
  changeEmail(caller: AccountCaller, email: string): Promise<void>;
  renameSecurityKey(caller: AccountCaller, keyId: string, label: string): Promise<void>;
  /** Ends one other session, or every other one (`others`); answers the ended sessions (their live connections end too). */
  signOut(caller: AccountCaller, device: string): Promise<string[]>;
}
