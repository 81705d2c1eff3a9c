import { makeAutoObservable } from 'mobx';
import { act } from './act';
import type { Locale, Permission, User } from '@portal/contracts';
import { hasPermission, SERVICES } from '@portal/contracts';
import type { FeathersError } from '../api/errors';
import { dropsToken } from '../api/errors';
import type { RootStore } from './RootStore';

export type SessionStatus = 'unauthenticated' | 'authenticating' | 'authenticated' | 'failed';

/** Spec §4 / 9: refresh every 60000 ms when the token is valid for less than 80 s. */
export const TOKEN_REFRESH_INTERVAL_MS = 60000;
export const TOKEN_MIN_VALIDITY_S = 80;

/** The signed-in user, the token and the permissions (spec §4, authentication states). */
export class SessionStore {
  status: SessionStatus = 'unauthenticated';
  user: User | null = null;
  accessToken: string | null = null;
  error: FeathersError | null = null;
  private refreshHandle: unknown = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<SessionStore, 'root' | 'refreshHandle'>(this, { root: false, refreshHandle: false }, { autoBind: true });
    root.client.on('reauthenticated', (result: { user: User; accessToken: string }) =>
      act('SessionStore.reauthenticated', () => this.applyAuthentication(result.user, result.accessToken)),
    );
    root.client.on('reauthentication-error', (error: FeathersError) => this.handleAuthError(error));
  }

  get isAuthenticated(): boolean {
    return this.status === 'authenticated';
  }

  get permissions(): Permission[] {
    return this.user?.permissions_array ?? [];
  }

  get email(): string {
    return this.user?.email ?? '';
  }

  /** True when the user holds any of the permissions. */
  has(...anyOf: Permission[]): boolean {
    return this.user ? hasPermission(this.user, ...anyOf) : false;
  }

  /** Authenticate the live connection with the login client's access token. */
  async login(accessToken: string): Promise<User> {
    this.status = 'authenticating';
    this.error = null;
    try {
      const result = await this.root.client.authenticate(accessToken);
      act('SessionStore.loggedIn', () => {
        this.applyAuthentication(result.user, result.accessToken ?? accessToken);
        // Spec §1: after login the user's own locale is applied, in the same step as the user becomes known (the first paint waits for it).
        this.root.ui.setLocale(result.user.locale);
      });
      return result.user;
    } catch (e) {
      this.handleAuthError(e as FeathersError);
      throw e;
    }
  }

  /** A refreshed access token: store it and re-authenticate the connection so it outlives the old token. */
  async tokenRefreshed(accessToken: string): Promise<void> {
    this.accessToken = accessToken;
    try {
      const result = await this.root.client.authenticate(accessToken);
      act('SessionStore.reauthenticated', () => this.applyAuthentication(result.user, accessToken));
    } catch (e) {
      this.handleAuthError(e as FeathersError);
    }
  }

  /** One tick of the refresh loop: failures are only logged (spec §8). */
  async refreshToken(): Promise<boolean> {
    try {
      const refreshed = await this.root.auth.updateToken(TOKEN_MIN_VALIDITY_S);
      const token = this.root.auth.token;
      if (refreshed && token) await this.tokenRefreshed(token);
      return refreshed;
    } catch (e) {
      console.warn('Token refresh failed', e);
      return false;
    }
  }

  startRefreshLoop(): void {
    this.stopRefreshLoop();
    this.refreshHandle = this.root.clock.setInterval(() => void this.refreshToken(), TOKEN_REFRESH_INTERVAL_MS);
  }

  stopRefreshLoop(): void {
    if (this.refreshHandle !== null) this.root.clock.clearInterval(this.refreshHandle);
    this.refreshHandle = null;
  }

  /**
   * Spec §1 / choosing a language is a command on the user's account (`patch account 'me'`, also for
   * Keycloak users the portal knows only from their token), so every later load, tab and device opens in it;
   * the page switches at once and goes back if the server refuses.
   */
  async changeLocale(locale: Locale): Promise<void> {
    const user = this.user;
    const previous = this.root.ui.locale;
    this.root.ui.setLocale(locale);
    if (!user || user.locale === locale) return;
    try {
      await this.root.client.service(SERVICES.account).patch('me', { locale });
      act('SessionStore.localeChanged', () => {
        if (this.user) this.user = { ...this.user, locale };
      });
    } catch (e) {
      this.root.ui.setLocale(previous);
      this.root.ui.error(e);
    }
  }

  /** Ends the portal session (remove authentication) and the identity-provider session. */
  async logout(redirectUri: string): Promise<void> {
    this.stopRefreshLoop();
    await this.root.client.logout();
    act('SessionStore.loggedOut', () => {
      this.status = 'unauthenticated';
      this.user = null;
      this.accessToken = null;
    });
    await this.root.auth.logout(redirectUri);
  }

  private applyAuthentication(user: User, accessToken: string): void {
    // A refreshed token or a reconnect brings the same user again: keeping the object keeps every view that reads
    // the user or the permissions from rendering again.
    if (!this.user || JSON.stringify(this.user) !== JSON.stringify(user)) this.user = user;
    this.accessToken = accessToken;
    this.status = 'authenticated';
    this.error = null;
  }

  /** Spec §8: 401..407 drops the token and starts a new login; other errors only reset authentication. */
  private handleAuthError(error: FeathersError): void {
    act('SessionStore.authFailed', () => {
      this.status = 'failed';
      this.error = error;
      if (dropsToken(error)) {
        this.accessToken = null;
        this.user = null;
      }
    });
    console.error('Authentication failed', error);
    if (dropsToken(error)) void this.root.auth.login();
  }
}
