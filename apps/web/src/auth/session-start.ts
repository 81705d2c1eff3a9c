import type { TokenStorage } from '../api/token-storage';
import { jwtClaims, validFor } from './jwt-claims';

/** How the login client starts: with the provider's login page, silently (hidden iframe), or not at all. */
export type AuthInitMode = 'login-required' | 'check-sso' | 'none';

export interface SessionStartDeps {
  auth: { init(mode: AuthInitMode): Promise<boolean>; readonly token: string | undefined; login(): Promise<void> | void };
  /** The stored access token (spec §3: local storage `feathers-jwt`). */
  tokens: TokenStorage;
  /** Authenticate the connection and load the shell's data (RootStore.start). */
  start(accessToken: string): Promise<void>;
  /** The login client's fresh token replaces the one the connection was authenticated with. */
  refreshed(accessToken: string): Promise<void>;
  /** Another user signed in at the provider meanwhile: start over with a clean page. */
  reload(): void;
  now(): number;
}

export type SessionStart = 'public' | 'restored' | 'signed-in' | 'login';

/** A stored token must stay valid this long to start with it before the provider answers. */
export const RESTORE_MIN_VALIDITY_S = 15;

/**
 * Spec §4 on page load, without a round trip to the provider's login page when the browser already has a
 * session: a stored access token that is still valid authenticates the connection at once (the shell and
 * the first rows load) while the login client refreshes it silently (check-sso in a hidden iframe). When
 * the provider has no session, the token is cleared and a new login starts. Without a usable stored
 * token the login client runs first: silently when a token was stored, with the login page otherwise.
 */
export async function startSession(deps: SessionStartDeps, loginRequired: boolean): Promise<SessionStart> {
  if (!loginRequired) {
    await deps.auth.init('none');
    return 'public';
  }
  const stored = deps.tokens.get();
  if (stored && validFor(stored, RESTORE_MIN_VALIDITY_S, deps.now())) {
    const started = deps.start(stored);
    const authenticated = await deps.auth.init('check-sso').catch(() => false);
    await started.catch(() => undefined);
    const fresh = deps.auth.token;
    if (!authenticated || !fresh) return relogin(deps);
    if (jwtClaims(fresh)?.sub !== jwtClaims(stored)?.sub) {
      deps.tokens.set(fresh);
      deps.reload();
      return 'restored';
    }
    await deps.refreshed(fresh);
    return 'restored';
  }
  const authenticated = await deps.auth.init(stored ? 'check-sso' : 'login-required');
  const token = deps.auth.token;
  if (!authenticated || !token) return relogin(deps);
  await deps.start(token);
  return 'signed-in';
}

/** Spec §4: the token is cleared and clearing triggers a new login. */
async function relogin(deps: SessionStartDeps): Promise<SessionStart> {
  deps.tokens.remove();
  await deps.auth.login();
  return 'login';
}
