/** What the stores need from the login client (keycloak-js behind it); no React, no keycloak import. */
export interface AuthPort {
  /** The current access token (a JWT), if logged in. */
  readonly token: string | undefined;
  /** Refresh when the token is valid for less than `minValidity` seconds; true when it was refreshed. */
  updateToken(minValidity: number): Promise<boolean>;
  /** Start a new login (redirect). */
  login(): Promise<void> | void;
  /** Keycloak's application-initiated action (`kc_action`, e.g. UPDATE_PASSWORD): its page, then back to this one. */
  providerAction(action: string): Promise<void> | void;
  /** End the identity-provider session and land on `redirectUri`. */
  logout(redirectUri: string): Promise<void> | void;
}

/** Key-value storage for small UI flags (dark-mode). */
export type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Injected timers, so tests may use fake ones. */
export interface Clock {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const realClock: Clock = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};
