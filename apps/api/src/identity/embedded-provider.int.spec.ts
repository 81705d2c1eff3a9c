/**
 * The embedded identity provider end to end, the way keycloak-js drives it, without a browser:
 * this folder is compiled alone with tsc (oidc-provider is ESM-only and cannot run inside Jest),
 * `dev-server.js` is spawned, and the test talks HTTP to it with fetch and a small cookie jar.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { createTokenVerifier, type TokenVerifier } from './token-verifier';

const ROOT = resolve(__dirname, '../../../..');
const CLIENT_ID = 'tax-portal';
const AUDIENCE = 'tax-portal-api';
const ACCESS_TOKEN_TTL = 2;
const CLIENT1_ID = '0b7e4d52-3f8a-4d3e-b1c9-2e6a9f1d1001';

let outDir: string;
let keysDir: string;
let server: ChildProcess;
let origin: string;
let issuer: string;
let verify: TokenVerifier;

async function startServer(port = 0): Promise<string> {
  server = spawn(process.execPath, [join(outDir, 'dev-server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      KEYS_FILE: join(keysDir, 'identity-keys.json'),
      STATE_FILE: join(keysDir, 'oidc.sqlite'),
      ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<string>((resolveOrigin, reject) => {
    let stdout = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening (\S+)/.exec(stdout);
      if (match) resolveOrigin(match[1]);
    });
    server.once('exit', (code) => reject(new Error(`dev-server exited with ${code}: ${stderr}`)));
  });
}

async function stopServer(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  await new Promise<void>((done) => {
    server.once('exit', () => done());
    server.kill('SIGTERM');
  });
}

beforeAll(async () => {
  const cacheDir = join(ROOT, 'node_modules', '.cache');
  execFileSync('mkdir', ['-p', cacheDir]);
  outDir = mkdtempSync(join(cacheDir, 'identity-harness-'));
  keysDir = mkdtempSync(join(tmpdir(), 'identity-int-'));
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(__dirname, 'tsconfig.harness.json'), '--outDir', outDir], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  origin = await startServer();
  issuer = `${origin}/oidc`;
  verify = createTokenVerifier({ issuer, audience: AUDIENCE, jwksUri: `${issuer}/jwks`, clockToleranceSeconds: 0 });
}, 120_000);

afterAll(async () => {
  await stopServer();
  rmSync(outDir, { recursive: true, force: true });
  rmSync(keysDir, { recursive: true, force: true });
});

/** A browser's cookie store, reduced to what this flow needs (paths ignored, one host). */
class Browser {
  private readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, origin), { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  post(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(url, { method: 'POST', body: new URLSearchParams(form), headers });
  }
}

const location = (res: Response): string => {
  const value = res.headers.get('location');
  if (!value) throw new Error(`expected a redirect, got ${res.status}`);
  return new URL(value, origin).href;
};

interface Authorization {
  browser: Browser;
  verifier: string;
  redirectUri: string;
  state: string;
  nonce: string;
  loginPage: string;
  loginAction: string;
}

/** keycloak-js's login URL (code flow, PKCE S256, fragment mode) up to the login page. */
async function authorize(browser = new Browser(), extra: Record<string, string> = {}): Promise<Authorization> {
  const verifier = randomBytes(72).toString('base64url'); // 96 characters, like keycloak-js
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${origin}/`;
  const state = randomUUID();
  const nonce = randomUUID();
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    state,
    response_mode: 'fragment',
    response_type: 'code',
    scope: 'openid',
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  const start = await browser.fetch(`/oidc/auth?${query}`);
  expect(start.status).toBe(303);
  const interactionUrl = location(start);
  expect(interactionUrl).toMatch(new RegExp(`^${origin}/oidc/interaction/[\\w-]+$`));
  const page = await browser.fetch(interactionUrl, { headers: { 'accept-language': 'en' } });
  expect(page.status).toBe(200);
  const loginPage = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(loginPage)?.[1];
  if (!action) throw new Error('no login form');
  return { browser, verifier, redirectUri, state, nonce, loginPage, loginAction: action };
}

interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
  token_type: string;
}

/** Login form → back to the authorization endpoint → code in the fragment → token exchange. */
async function login(auth: Authorization, username: string, password: string): Promise<Tokens> {
  const submitted = await auth.browser.post(auth.loginAction, { username, password });
  expect(submitted.status).toBe(303);
  const resumed = await auth.browser.fetch(location(submitted));
  expect(resumed.status).toBe(303);
  const callback = new URL(location(resumed));
  expect(`${callback.origin}${callback.pathname}`).toBe(auth.redirectUri);
  expect(callback.search).toBe('');
  const fragment = new URLSearchParams(callback.hash.slice(1));
  expect(fragment.get('state')).toBe(auth.state);
  const code = fragment.get('code');
  if (!code) throw new Error(`no code: ${callback.hash}`);
  const res = await fetch(`${issuer}/token`, {
    method: 'POST',
    body: new URLSearchParams({ code, grant_type: 'authorization_code', client_id: CLIENT_ID, redirect_uri: auth.redirectUri, code_verifier: auth.verifier }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Tokens;
}

function refresh(refreshToken: string): Promise<Response> {
  return fetch(`${issuer}/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID }),
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('embedded identity provider, code flow as keycloak-js runs it', () => {
  it('publishes discovery with PKCE S256, the JWKS and an end-session endpoint', async () => {
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      end_session_endpoint: `${issuer}/session/end`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(discovery.response_modes_supported).toEqual(expect.arrayContaining(['query', 'fragment']));
  });

  it('shows its own login page in the language asked for', async () => {
    const { loginPage } = await authorize(new Browser(), { ui_locales: 'de' });
    expect(loginPage).toContain('lang="de"');
    expect(loginPage).toContain('unabhängig, kompetent, zuverlässig.');
    expect(loginPage).toContain('>Anmelden</button>');
    const english = await authorize();
    expect(english.loginPage).toContain('>Sign in</button>');
    expect(english.loginPage).toMatch(/name="username"[\s\S]*name="password"/);
  });

  it('refuses a wrong password and a disabled user with clear messages', async () => {
    const auth = await authorize();
    const wrong = await auth.browser.post(auth.loginAction, { username: 'client1', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Invalid username or password.');
    const unknown = await auth.browser.post(auth.loginAction, { username: 'nobody', password: 'client1' });
    expect(await unknown.text()).toContain('Invalid username or password.');
    const disabled = await auth.browser.post(auth.loginAction, { username: 'disabled', password: 'disabled' });
    expect(disabled.status).toBe(403);
    expect(await disabled.text()).toContain('This account is disabled.');
  });

  it('accepts only the registered redirect URI, exactly', async () => {
    const browser = new Browser();
    for (const redirect of [`${origin}/invoices/0`, `${origin}/?next=x`, `${origin}//evil.example/`]) {
      const query = new URLSearchParams({
        client_id: CLIENT_ID,
        response_type: 'code',
        scope: 'openid',
        redirect_uri: redirect,
        state: 's',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      });
      const res = await browser.fetch(`/oidc/auth?${query}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it('asks for a new password after a one-time password and signs in with it', async () => {
    const auth = await authorize();
    const first = await auth.browser.post(auth.loginAction, { username: 'newcomer', password: 'one-time-pass-1' });
    expect(first.status).toBe(200);
    const form = await first.text();
    expect(form).toContain('Choose a new password');
    const action = /<form method="post" action="([^"]+)"/.exec(form)?.[1] ?? '';
    expect(action).toMatch(/\/password$/);
    const weak = await auth.browser.post(action, { newPassword: 'short', repeatPassword: 'short' });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain('at least 10 characters');
    const mismatch = await auth.browser.post(action, { newPassword: 'a-Long-enough-1', repeatPassword: 'a-Long-enough-2' });
    expect(await mismatch.text()).toContain('Passwords must match.');
    const same = await auth.browser.post(action, { newPassword: 'one-time-pass-1', repeatPassword: 'one-time-pass-1' });
    expect(await same.text()).toContain('must differ from the one-time password');
    const saved = await auth.browser.post(action, { newPassword: 'my own secret 42', repeatPassword: 'my own secret 42' });
    expect(saved.status).toBe(303);
    const resumed = await auth.browser.fetch(location(saved));
    expect(new URLSearchParams(new URL(location(resumed)).hash.slice(1)).get('code')).toBeTruthy();

    const again = await authorize();
    expect((await again.browser.post(again.loginAction, { username: 'newcomer', password: 'one-time-pass-1' })).status).toBe(401);
    const tokens = await login(await authorize(), 'newcomer', 'my own secret 42');
    await expect(verify(tokens.access_token)).resolves.toMatchObject({ username: 'newcomer' });
  });

  it('throttles wrong passwords: ever slower, then 429 with Retry-After, and the right password waits too', async () => {
    const auth = await authorize();
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await auth.browser.post(auth.loginAction, { username: 'disabled', password: `wrong-${i}` })).status);
    expect(statuses).toEqual(Array(10).fill(401));
    expect(Date.now() - started).toBeGreaterThan(5000);
    const locked = await auth.browser.post(auth.loginAction, { username: 'disabled', password: 'disabled' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await locked.text()).toContain('Too many failed sign-ins');
  }, 30_000);

  it('requires PKCE with S256 and a redirect under the portal origin', async () => {
    const browser = new Browser();
    const base = { client_id: CLIENT_ID, response_type: 'code', scope: 'openid', redirect_uri: `${origin}/`, state: 's' };
    const noPkce = new URL(location(await browser.fetch(`/oidc/auth?${new URLSearchParams(base)}`)));
    expect(noPkce.searchParams.get('error')).toBe('invalid_request');
    const plain = new URL(
      location(await browser.fetch(`/oidc/auth?${new URLSearchParams({ ...base, code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' })}`)),
    );
    expect(plain.searchParams.get('error')).toBe('invalid_request');
    const foreign = await browser.fetch(
      `/oidc/auth?${new URLSearchParams({ ...base, redirect_uri: 'http://evil.example/cb', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('location')).toBeNull();
  });

  it('issues JWT access tokens with the portal claims, verified by the token verifier', async () => {
    const tokens = await login(await authorize(), 'client1', 'client1');
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL });
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const verified = await verify(tokens.access_token);
    expect(verified).toMatchObject({
      sub: CLIENT1_ID,
      username: 'client1',
      email: 'client1@example.com',
      given_name: 'Clara',
      family_name: 'Client',
      locale: 'de',
      permissions_array: ['doc', 'rep', 'pay', 'ban', 'ded', 'lar'],
      klienten_array: [1001],
      all_clients: false,
    });
    expect(verified.raw).toMatchObject({ iss: issuer, aud: AUDIENCE, client_id: CLIENT_ID });
    expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: CLIENT1_ID, aud: CLIENT_ID, iss: issuer });
  });

  it('rejects a code exchanged with the wrong PKCE verifier', async () => {
    const auth = await authorize();
    const submitted = await auth.browser.post(auth.loginAction, { username: 'client1', password: 'client1' });
    const resumed = await auth.browser.fetch(location(submitted));
    const code = new URLSearchParams(new URL(location(resumed)).hash.slice(1)).get('code') ?? '';
    const res = await fetch(`${issuer}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        code,
        grant_type: 'authorization_code',
        client_id: CLIENT_ID,
        redirect_uri: auth.redirectUri,
        code_verifier: randomBytes(72).toString('base64url'),
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('issues tokens for `npm run token` with the same claims and format as the login flow', async () => {
    const tokens = await login(await authorize(new Browser(), { scope: 'openid profile email' }), 'client1', 'client1');
    const { access_token: issued } = (await (await fetch(`${origin}/dev/token?username=client1`)).json()) as { access_token: string };
    expect(decodeProtectedHeader(issued)).toEqual(decodeProtectedHeader(tokens.access_token));
    // The login flow's token also names its login session (`sid`, for signing out a device); a CLI token has none.
    expect(decodeJwt(tokens.access_token).sid).toEqual(expect.any(String));
    expect(Object.keys(decodeJwt(issued)).sort()).toEqual(
      Object.keys(decodeJwt(tokens.access_token))
        .filter((k) => k !== 'sid')
        .sort(),
    );
    const fromFlow = await verify(tokens.access_token);
    const fromCli = await verify(issued);
    const { raw: rawFlow, ...flowClaims } = fromFlow;
    const { raw: rawCli, ...cliClaims } = fromCli;
    expect(cliClaims).toEqual(flowClaims);
    expect(rawCli.scope).toBe(rawFlow.scope);
  });

  it('keeps a session alive past the access-token lifetime with keycloak-js-readable, rotating refresh tokens', async () => {
    const tokens = await login(await authorize(), 'admin', 'admin');
    // keycloak-js decodes the refresh token as a JWT in setToken:
    expect(decodeJwt(tokens.refresh_token)).toMatchObject({ typ: 'Refresh', sid: expect.any(String), exp: expect.any(Number) });

    await sleep((ACCESS_TOKEN_TTL + 1) * 1000);
    await expect(verify(tokens.access_token)).rejects.toMatchObject({ code: 401, message: 'Token expired' });

    const first = await refresh(tokens.refresh_token);
    expect(first.status).toBe(200);
    const refreshed = (await first.json()) as Tokens;
    await expect(verify(refreshed.access_token)).resolves.toMatchObject({ username: 'admin', all_clients: true });
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.id_token).toBeDefined();

    await sleep((ACCESS_TOKEN_TTL + 1) * 1000);
    const second = await refresh(refreshed.refresh_token);
    expect(second.status).toBe(200);
    await expect(verify(((await second.json()) as Tokens).access_token)).resolves.toMatchObject({ username: 'admin' });
  }, 20_000);

  it('refuses a forged refresh token envelope and detects reuse of a rotated refresh token', async () => {
    const tokens = await login(await authorize(), 'client1', 'client1');
    const [header, , signature] = tokens.refresh_token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(tokens.refresh_token), rt: 'guess' })).toString('base64url');
    const forged = await refresh(`${header}.${forgedPayload}.${signature}`);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: 'invalid_grant' });

    expect((await refresh(tokens.refresh_token)).status).toBe(200);
    const reused = await refresh(tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('logs out without a confirmation page, ends the provider session and stops refreshing', async () => {
    const auth = await authorize();
    const tokens = await login(auth, 'client1', 'client1');
    const postLogout = `${origin}/`;
    const query = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: postLogout, client_id: CLIENT_ID });

    const page = await auth.browser.fetch(`/oidc/session/end?${query}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('document.forms[0].submit()');
    expect(html).not.toMatch(/sign me out|stay signed in/i);
    // What the page's script does on load:
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
    const inputs = Object.fromEntries([...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"\/>/g)].map((m) => [m[1], m[2]]));
    expect(inputs.logout).toBe('yes');
    const confirmed = await auth.browser.post(action, inputs);
    expect(confirmed.status).toBe(303);
    expect(location(confirmed)).toBe(postLogout);

    const afterLogout = await refresh(tokens.refresh_token);
    expect(afterLogout.status).toBe(400);
    expect(await afterLogout.json()).toMatchObject({ error: 'invalid_grant' });
    const again = await authorize(auth.browser);
    expect(again.loginPage).toContain('name="password"');
  });

  it('accepts keycloak-js logout by form POST as well', async () => {
    const auth = await authorize();
    const tokens = await login(auth, 'client1', 'client1');
    const posted = await auth.browser.post('/oidc/session/end', {
      id_token_hint: tokens.id_token,
      client_id: CLIENT_ID,
      post_logout_redirect_uri: `${origin}/`,
    });
    expect(posted.status).toBe(303);
    const page = await auth.browser.fetch(location(posted));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="logout" value="yes"');
  });

  it('keeps its signing key across a restart, so issued access tokens stay valid', async () => {
    const tokens = await login(await authorize(), 'client1', 'client1');
    const { access_token: longLived } = (await (await fetch(`${origin}/dev/token?username=admin`)).json()) as { access_token: string };
    await stopServer();
    const restarted = await startServer();
    origin = restarted;
    issuer = `${restarted}/oidc`;
    const jwks = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: Array<{ kid: string }> };
    expect(jwks.keys.map((k) => k.kid)).toEqual([decodeProtectedHeader(tokens.access_token).kid]);
    // The harness listens on a random port, so the issuer changed; check the old token's signature against the new
    // JWKS at the moment it was issued (its 2 s lifetime may pass while a loaded machine restarts the provider).
    const claims = decodeJwt(longLived);
    const verified = await jwtVerify(longLived, createRemoteJWKSet(new URL(`${issuer}/jwks`)), {
      issuer: claims.iss,
      audience: AUDIENCE,
      currentDate: new Date((claims.iat ?? 0) * 1000),
    });
    expect(verified.payload).toMatchObject({ preferred_username: 'admin' });
  }, 30_000);

  it('keeps login sessions and refresh tokens across a restart, and through a flood of authorization requests', async () => {
    const auth = await authorize();
    const tokens = await login(auth, 'client1', 'client1');
    const port = Number(new URL(origin).port);
    await stopServer();
    origin = await startServer(port);
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as Tokens;
    // The browser's provider session survived too: no login page, straight back with a code.
    const again = await auth.browser.fetch(
      `/oidc/auth?${new URLSearchParams({
        client_id: CLIENT_ID,
        redirect_uri: `${origin}/`,
        response_type: 'code',
        response_mode: 'fragment',
        scope: 'openid',
        state: 's',
        nonce: 'n',
        code_challenge: createHash('sha256').update('v'.repeat(64)).digest('base64url'),
        code_challenge_method: 'S256',
      })}`,
    );
    expect(again.status).toBe(303);
    expect(location(again)).toContain('#code=');

    // 300 anonymous authorization requests (each creating an interaction), then the refresh token still works;
    // past the per-address limit they are answered 429 at once.
    const statuses = await Promise.all(
      Array.from({ length: 300 }, async () => {
        const res = await fetch(
          `${issuer}/auth?${new URLSearchParams({ client_id: CLIENT_ID, redirect_uri: `${origin}/`, response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`,
          { redirect: 'manual' },
        );
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses).toContain(429);
    expect((await refresh(next.refresh_token)).status).toBe(200);

    // The address is over its limit; the signed-in browser's silent check (every page load makes one) counts
    // per session and still comes back with a code. A cookie naming no live session counts per address.
    const silent = `/oidc/auth?${new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: `${origin}/`,
      response_type: 'code',
      response_mode: 'fragment',
      scope: 'openid',
      prompt: 'none',
      state: 's',
      nonce: 'n',
      code_challenge: createHash('sha256').update('v'.repeat(64)).digest('base64url'),
      code_challenge_method: 'S256',
    })}`;
    const checked = await auth.browser.fetch(silent);
    expect(checked.status).toBe(303);
    expect(location(checked)).toContain('#code=');
    const forged = await fetch(`${origin}${silent}`, { redirect: 'manual', headers: { cookie: '_session=not-a-session' } });
    expect(forged.status).toBe(429);
  }, 60_000);
});
