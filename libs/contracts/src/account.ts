import type { Locale } from './user';

/** One signed-in browser of the user (issue 17: logged-in devices). */
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

/** `get account 'me'`: the personal account page of the signed-in user. */
export interface AccountView {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  telNr: string;
  locale: Locale;
  /** Where passwords, second factors and sessions are kept: the embedded provider or Keycloak. */
  provider: 'embedded' | 'keycloak';
  passwordChangedAt: string | null;
  lastLogin: string | null;
  /** 2-factor authentication with an authenticator app is in force. */
  totp: boolean;
  recoveryCodesLeft: number;
  devices: DeviceView[];
  /** Only in the answer that started a set-up: the secret for the app, as QR code (SVG data URL) and as text. */
  totpSetup?: { secret: string; uri: string; qr: string };
  /** Only in the answer that confirmed a set-up: the ten recovery codes, shown this once. */
  recoveryCodes?: string[];
}

/** `patch account 'me'`: either the personal details or a password change. */
export type AccountPatch =
  | { firstName: string; lastName: string; telNr: string }
  | { currentPassword: string; newPassword: string }
  | { totp: 'begin' }
  | { totp: 'confirm' | 'disable'; code: string };
