import type { Locale } from './user';

/** One signed-in browser of the user (logged-in devices). */
export interface DeviceView {
  /** The provider's login session. */
  id: string;
  browser: string;
  os: string;
  address: string;
  firstSeen: string;
  lastSeen: string;
  /** The browser this call came from. */
  current: boolean;
}

/** A registered security key (WebAuthn credential), by the name the user gave it. */
export interface SecurityKeyView {
  id: string;
  label: string;
  createdAt: string | null;
  lastUsedAt: string | null;
}

/**
 * Keycloak's application-initiated actions the page offers (`kc_action`): the browser goes to Keycloak's
 * own page for it and comes back. `delete_credential:<id>` removes an authenticator app or a security key.
 */
export type ProviderAction = 'UPDATE_PASSWORD' | 'CONFIGURE_TOTP' | 'webauthn-register';

/** `get account 'me'`: the personal account page of the signed-in user. */
export interface AccountView {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The new address waiting for the confirmation link sent to it. */
  pendingEmail: string | null;
  telNr: string;
  locale: Locale;
  /** Where passwords, second factors and sessions are kept: the embedded provider or Keycloak. */
  provider: 'embedded' | 'keycloak';
  /** What this provider lets the page save (a field it cannot keep is not offered). */
  editable: { names: boolean; phone: boolean; email: boolean };
  passwordChangedAt: string | null;
  lastLogin: string | null;
  /** 2-factor authentication with an authenticator app is in force. */
  totp: boolean;
  /** Keycloak: the authenticator app's credential (removed by `kc_action=delete_credential:<id>`). */
  totpCredentialId: string | null;
  recoveryCodesLeft: number;
  securityKeys: SecurityKeyView[];
  /** Keycloak: the actions its own pages carry out (empty with the embedded provider, which does them here). */
  actions: ProviderAction[];
  devices: DeviceView[];
  /** Only in the answer that started a set-up: the secret for the app, as QR code (SVG data URL) and as text. */
  totpSetup?: { secret: string; uri: string; qr: string };
  /** Only in the answer that confirmed a set-up: the ten recovery codes, shown this once. */
  recoveryCodes?: string[];
  /** Only in the answer to `{ securityKey: 'options' }`: the WebAuthn creation options for the browser. */
  securityKeyOptions?: Record<string, unknown>;
}

export interface PersonalDetails {
  firstName: string;
  lastName: string;
  telNr: string;
}

/** `patch account 'me'`: one change at a time. */
export type AccountPatch =
  | PersonalDetails
  | { locale: Locale }
  | { email: string }
  | { currentPassword: string; newPassword: string }
  | { totp: 'begin' }
  | { totp: 'confirm' | 'disable'; code: string }
  | { securityKey: 'options' }
  | { securityKey: 'register'; label: string; response: Record<string, unknown> }
  | { securityKey: 'rename'; id: string; label: string }
  | { securityKey: 'remove'; id: string };
