import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A browser's cookie store against one origin, reduced to what the login flow needs (paths ignored). */
export class OidcBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly origin: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(this.headers)) if (!headers.has(k)) headers.set(k, v);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, this.origin), { ...init, headers, redirect: 'manual' });
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

  location(res: Response): string {
    const value = res.headers.get('location');
    if (!value) throw new Error(`expected a redirect, got ${res.status}`);
    return new URL(value, this.origin).href;
  }
}

export interface PortalAuthorization {
  browser: OidcBrowser;
  verifier: string;
  redirectUri: string;
  loginAction: string;
  loginPage: string;
}

export interface PortalTokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
}

/** keycloak-js's login URL against the portal's embedded provider (code flow, PKCE S256) up to the login page. */
export async function authorizeAtPortal(origin: string, browser = new OidcBrowser(origin)): Promise<PortalAuthorization> {
  const verifier = randomBytes(72).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${origin}/`;
  const query = new URLSearchParams({
    client_id: 'tax-portal',
    redirect_uri: redirectUri,
    state: randomUUID(),
    response_mode: 'fragment',
    response_type: 'code',
    scope: 'openid',
    nonce: randomUUID(),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const start = await browser.fetch(`/oidc/auth?${query}`);
  if (start.status !== 303) throw new Error(`GET /oidc/auth answered ${start.status}`);
  const page = await browser.fetch(browser.location(start), { headers: { 'accept-language': 'en' } });
  const loginPage = await page.text();
  const loginAction = /<form method="post" action="([^"]+)"/.exec(loginPage)?.[1];
  if (!loginAction) throw new Error(`no login form (${page.status})`);
  return { browser, verifier, redirectUri, loginAction, loginPage };
}

/** After a successful login POST (303): follow to the callback and exchange the code. */
export async function finishPortalLogin(origin: string, auth: PortalAuthorization, submitted: Response): Promise<PortalTokens> {
  if (submitted.status !== 303) throw new Error(`login answered ${submitted.status}: ${await submitted.text()}`);
  const resumed = await auth.browser.fetch(auth.browser.location(submitted));
  const code = new URLSearchParams(new URL(auth.browser.location(resumed)).hash.slice(1)).get('code');
  if (!code) throw new Error('no code in the callback');
  const res = await fetch(`${origin}/oidc/token`, {
    method: 'POST',
    body: new URLSearchParams({
      code,
      grant_type: 'authorization_code',
      client_id: 'tax-portal',
      redirect_uri: auth.redirectUri,
      code_verifier: auth.verifier,
    }),
  });
  if (res.status !== 200) throw new Error(`token exchange answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as PortalTokens;
}

export async function loginAtPortal(origin: string, username: string, password: string): Promise<PortalTokens> {
  const auth = await authorizeAtPortal(origin);
  return finishPortalLogin(origin, auth, await auth.browser.post(auth.loginAction, { username, password }));
}

export function refreshAtPortal(origin: string, refreshToken: string): Promise<Response> {
  return fetch(`${origin}/oidc/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'tax-portal' }),
  });
}
