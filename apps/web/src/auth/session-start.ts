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
  /** Resolves after `ms` (the page's timer; a test's fake one). */
  wait(ms: number): Promise<void>;
}

export type SessionStart = 'public' | 'restored' | 'signed-in' | 'login';

/** A stored token must stay valid this long to start with it before the provider answers. */
export const RESTORE_MIN_VALIDITY_S = 15;

/**
 * How long a page without a usable token waits for the provider's silent answer. The hidden iframe hears
 * nothing when the provider answers with a page of its own (an error, a refusal) instead of redirecting
 * back, and keycloak-js waits for ever: the page would show its spinner until reloaded. After this the
 * page asks for a login in the open, where the provider's page is seen.
 */
export const SILENT_CHECK_MAX_WAIT_MS = 10_000;

/** How long a page whose silent check failed (rather than answered) waits before it signs in anew. */
export const FAILED_CHECK_GRACE_MS = 1_000;

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
    const answer = await deps.auth.init('check-sso').catch(() => 'failed' as const);
    await started.catch(() => undefined);
    if (answer === 'failed') {
      // A page being left (a reload, a link) aborts the check's requests, and its code still runs a moment: it must
      // not take the stored token with it, or the next page goes through the provider's redirect. A page still here
      // after the grace signs in anew, as for a provider that has no session.
      await deps.wait(FAILED_CHECK_GRACE_MS);
      return relogin(deps);
    }
    const fresh = deps.auth.token;
    if (!answer || !fresh) return relogin(deps);
    if (jwtClaims(fresh)?.sub !== jwtClaims(stored)?.sub) {
      deps.tokens.set(fresh);
      deps.reload();
      return 'restored';
    }
    await deps.refreshed(fresh);
    return 'restored';
  }
  const authenticated = stored ? await silentCheckInTime(deps) : await deps.auth.init('login-required');
  const token = deps.auth.token;
  if (!authenticated || !token) return relogin(deps);
  await deps.start(token);
  return 'signed-in';
}

/**
 * The provider's silent answer, or no session when it does not come in time. (A page that started with its
 * stored token keeps waiting instead: it works meanwhile, and a late answer still refreshes its token.)
 */
async function silentCheckInTime(deps: SessionStartDeps): Promise<boolean> {
  let answered = false;
  const answer = deps.auth.init('check-sso').then(
    (authenticated) => ((answered = true), authenticated),
    () => ((answered = true), false),
  );
  const late = deps.wait(SILENT_CHECK_MAX_WAIT_MS).then(() => {
    if (!answered) console.warn(`The sign-in service did not answer the silent session check within ${SILENT_CHECK_MAX_WAIT_MS} ms`);
    return false;
  });
  return Promise.race([answer, late]);
}

/** Spec §4: the token is cleared and clearing triggers a new login. */
async function relogin(deps: SessionStartDeps): Promise<SessionStart> {
  deps.tokens.remove();
  await deps.auth.login();
  return 'login';
}
