import { MemoryTokenStorage } from '../api/token-storage';
import { FAILED_CHECK_GRACE_MS, SILENT_CHECK_MAX_WAIT_MS, startSession, type AuthInitMode, type SessionStartDeps } from './session-start';

const NOW = 1_800_000_000_000;
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (sub: string, expInSeconds: number) => `${b64({ alg: 'RS256' })}.${b64({ sub, exp: NOW / 1000 + expInSeconds })}.sig`;

/** `provider: 'silent'` never answers the check (its iframe shows a page of its own); `late` lets the page's wait run out at once. */
function deps(options: { stored?: string; provider?: { authenticated: boolean; token?: string } | 'silent' | 'unreachable'; late?: boolean }) {
  const tokens = new MemoryTokenStorage();
  if (options.stored) tokens.set(options.stored);
  const log: string[] = [];
  const provider = options.provider ?? { authenticated: false };
  let token: string | undefined;
  const d: SessionStartDeps = {
    auth: {
      init: async (mode: AuthInitMode) => {
        log.push(`init ${mode}`);
        if (provider === 'silent') return new Promise<boolean>(() => undefined);
        if (provider === 'unreachable') throw new TypeError('Failed to fetch');
        if (provider.authenticated) token = provider.token;
        return provider.authenticated;
      },
      get token() {
        return token;
      },
      login: () => void log.push('login page'),
    },
    tokens,
    start: async (t) => void log.push(`start ${t === options.stored ? 'stored' : 'fresh'}`),
    refreshed: async () => void log.push('refreshed'),
    reload: () => void log.push('reload'),
    now: () => NOW,
    wait: (ms) => (options.late ? (log.push(`waited ${ms} ms`), Promise.resolve()) : new Promise<void>(() => undefined)),
  };
  return { d, log, tokens };
}

describe('session start on page load (spec §4)', () => {
  it('starts with a valid stored token before the provider answers, then swaps in the silently refreshed one', async () => {
    const { d, log } = deps({ stored: jwt('u1', 300), provider: { authenticated: true, token: jwt('u1', 600) } });
    expect(await startSession(d, true)).toBe('restored');
    expect(log).toEqual(['start stored', 'init check-sso', 'refreshed']);
  });

  it('clears the stored token and opens the login page when the provider has no session any more', async () => {
    const { d, log, tokens } = deps({ stored: jwt('u1', 300), provider: { authenticated: false } });
    expect(await startSession(d, true)).toBe('login');
    expect(log).toEqual(['start stored', 'init check-sso', 'login page']);
    expect(tokens.get()).toBeNull();
  });

  it('keeps the stored token when the check fails while the page is being left (its requests aborted)', async () => {
    const stored = jwt('u1', 300);
    const { d, log, tokens } = deps({ stored, provider: 'unreachable' });
    const outcome = jest.fn();
    void startSession(d, true).then(outcome);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(log).toEqual(['start stored', 'init check-sso']);
    expect(outcome).not.toHaveBeenCalled();
    expect(tokens.get()).toBe(stored);
  });

  it('signs in anew when the check failed and the page is still there after the grace', async () => {
    const { d, log, tokens } = deps({ stored: jwt('u1', 300), provider: 'unreachable', late: true });
    expect(await startSession(d, true)).toBe('login');
    expect(log).toEqual(['start stored', 'init check-sso', `waited ${FAILED_CHECK_GRACE_MS} ms`, 'login page']);
    expect(tokens.get()).toBeNull();
  });

  it('reloads the page when the provider has signed in another user meanwhile', async () => {
    const fresh = jwt('u2', 600);
    const { d, log, tokens } = deps({ stored: jwt('u1', 300), provider: { authenticated: true, token: fresh } });
    await startSession(d, true);
    expect(log).toEqual(['start stored', 'init check-sso', 'reload']);
    expect(tokens.get()).toBe(fresh);
  });

  it('asks the provider silently first when the stored token has expired', async () => {
    const { d, log } = deps({ stored: jwt('u1', -5), provider: { authenticated: true, token: jwt('u1', 600) } });
    expect(await startSession(d, true)).toBe('signed-in');
    expect(log).toEqual(['init check-sso', 'start fresh']);
  });

  it('goes through the login page when nothing is stored', async () => {
    const { d, log } = deps({ provider: { authenticated: true, token: jwt('u1', 600) } });
    expect(await startSession(d, true)).toBe('signed-in');
    expect(log).toEqual(['init login-required', 'start fresh']);
  });

  it('does not treat a token that is not a JWT as valid', async () => {
    const { d, log } = deps({ stored: 'opaque', provider: { authenticated: false } });
    expect(await startSession(d, true)).toBe('login');
    expect(log).toEqual(['init check-sso', 'login page']);
  });

  it('opens the login page when the provider never answers the silent check of an expired token', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { d, log, tokens } = deps({ stored: jwt('u1', -5), provider: 'silent', late: true });
    expect(await startSession(d, true)).toBe('login');
    expect(log).toEqual(['init check-sso', `waited ${SILENT_CHECK_MAX_WAIT_MS} ms`, 'login page']);
    expect(tokens.get()).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('did not answer the silent session check'));
    warn.mockRestore();
  });

  it('keeps a page that started with its stored token while the provider has not answered', async () => {
    const { d, log, tokens } = deps({ stored: jwt('u1', 300), provider: 'silent', late: true });
    const outcome = jest.fn();
    void startSession(d, true).then(outcome);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(log).toEqual(['start stored', 'init check-sso']);
    expect(outcome).not.toHaveBeenCalled();
    expect(tokens.get()).not.toBeNull();
  });

  it('starts no session on the logout route', async () => {
    const { d, log } = deps({ stored: jwt('u1', 300) });
    expect(await startSession(d, false)).toBe('public');
    expect(log).toEqual(['init none']);
  });
});
