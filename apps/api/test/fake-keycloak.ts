import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, SignJWT, type JWK, type KeyLike } from 'jose';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

/** The account of the one user the fake realm knows, as Keycloak's account REST API describes it. */
export interface FakeKeycloakAccount {
  user: Record<string, unknown>;
  credentials: Array<Record<string, unknown>>;
  devices: Array<Record<string, unknown>>;
}

/**
 * A local stand-in for a Keycloak realm: its JWKS (tokens signed here) and the account REST API
 * (`/realms/{realm}/account`) answering Keycloak's documented replies for one user. Every call is
 * recorded; a bearer token other than the ones it signed is answered 401 like Keycloak does.
 */
export class FakeKeycloak {
  readonly calls: RecordedCall[] = [];
  private server: Server | null = null;
  private readonly privateKey: KeyLike;
  private readonly publicJwk: Promise<JWK>;
  private readonly issued = new Set<string>();
  url = '';

  constructor(
    readonly realm: string,
    readonly account: FakeKeycloakAccount,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = privateKey;
    this.publicJwk = exportJWK(publicKey).then((jwk) => ({ ...jwk, kid: 'fake-kc', alg: 'RS256', use: 'sig' }));
  }

  get issuer(): string {
    return `${this.url}/realms/${this.realm}`;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://localhost:${(this.server.address() as { port: number }).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  /** An access token like Keycloak's for the portal client (audience mapper, realm roles, session id). */
  async token(claims: Record<string, unknown>): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ azp: 'tax-portal', typ: 'Bearer', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-kc', typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(['tax-portal-api', 'account'])
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(this.privateKey);
    this.issued.add(token);
    return token;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const prefix = `/realms/${this.realm}`;
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
    const json = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (req.method === 'GET' && path === '/protocol/openid-connect/certs') return json(200, { keys: [await this.publicJwk] });
    if (!path.startsWith('/account')) return json(404, { error: 'Not found' });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !this.issued.has(bearer)) return json(401, { error: 'HTTP 401 Unauthorized' });
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    const route = path.slice('/account'.length) || '/';
    this.calls.push({ method: req.method ?? '', path: `${route}${url.search}`, body });
    const { account } = this;
    if (route === '/' && req.method === 'GET') {
      return json(200, url.searchParams.get('userProfileMetadata') === 'false' ? { ...account.user, userProfileMetadata: undefined } : account.user);
    }
    if (route === '/' && req.method === 'POST') {
      const update = body as Record<string, unknown>;
      if (typeof update.email === 'string' && !update.email.includes('@'))
        return json(400, { field: 'email', errorMessage: 'invalidEmailMessage', params: ['email'] });
      Object.assign(account.user, update);
      return json(204);
    }
    if (route === '/credentials' && req.method === 'GET') return json(200, account.credentials);
    const label = /^\/credentials\/([^/]+)\/label$/.exec(route);
    if (label && req.method === 'PUT') {
      const metadata = account.credentials.flatMap((c) => (c.userCredentialMetadatas as Array<{ credential: Record<string, unknown> }> | undefined) ?? []);
      const found = metadata.find((m) => m.credential.id === decodeURIComponent(label[1]!));
      if (!found) return json(404, { error: 'Credential not found' });
      found.credential.userLabel = body;
      return json(204);
    }
    if (route === '/sessions/devices' && req.method === 'GET') return json(200, account.devices);
    if (route === '/sessions' && req.method === 'DELETE') {
      const removeCurrent = url.searchParams.get('current') === 'true';
      for (const device of account.devices)
        device.sessions = (device.sessions as Array<{ current?: boolean }>).filter((s) => !removeCurrent && s.current === true);
      account.devices = account.devices.filter((d) => (d.sessions as unknown[]).length > 0);
      return json(204);
    }
    const session = /^\/sessions\/([^/]+)$/.exec(route);
    if (session && req.method === 'DELETE') {
      for (const device of account.devices)
        device.sessions = (device.sessions as Array<{ id: string }>).filter((s) => s.id !== decodeURIComponent(session[1]!));
      return json(204);
    }
    return json(404, { error: 'Not found' });
  }
}

/** Keycloak's replies for a user with a password, an authenticator app, one security key and two browsers. */
export function keycloakAccountOf(subject: string): FakeKeycloakAccount {
  const now = Math.floor(Date.now() / 1000);
  return {
    user: {
      id: subject,
      username: 'k.meier',
      firstName: 'Karin',
      lastName: 'Meier',
      email: 'k.meier@kanzlei.example',
      emailVerified: true,
      attributes: { locale: ['en'] },
      userProfileMetadata: {
        attributes: [
          { name: 'username', readOnly: true },
          { name: 'email', readOnly: false },
          { name: 'firstName', readOnly: false },
          { name: 'lastName', readOnly: false },
        ],
      },
    },
    credentials: [
      {
        type: 'password',
        category: 'basic-authentication',
        displayName: 'password-display-name',
        updateAction: 'UPDATE_PASSWORD',
        removeable: false,
        userCredentialMetadatas: [{ credential: { id: 'pw-1', type: 'password', createdDate: Date.parse('2026-02-01T08:00:00Z') } }],
      },
      {
        type: 'otp',
        category: 'two-factor',
        displayName: 'otp-display-name',
        createAction: 'CONFIGURE_TOTP',
        removeable: true,
        userCredentialMetadatas: [{ credential: { id: 'otp-1', type: 'otp', userLabel: 'Phone', createdDate: Date.parse('2026-02-02T08:00:00Z') } }],
      },
      {
        type: 'webauthn',
        category: 'two-factor',
        displayName: 'webauthn-display-name',
        createAction: 'webauthn-register',
        removeable: true,
        userCredentialMetadatas: [{ credential: { id: 'wa-1', type: 'webauthn', userLabel: 'YubiKey', createdDate: Date.parse('2026-02-03T08:00:00Z') } }],
      },
    ],
    devices: [
      {
        os: 'Windows',
        osVersion: '10',
        device: 'Other',
        lastAccess: now,
        current: true,
        mobile: false,
        sessions: [
          {
            id: 'sess-here',
            ipAddress: '10.0.0.5',
            started: now - 3600,
            lastAccess: now,
            expires: now + 36000,
            browser: 'Chrome/131.0.0',
            current: true,
            clients: [{ clientId: 'tax-portal' }],
          },
        ],
      },
      {
        os: 'iOS',
        osVersion: '17',
        device: 'iPhone',
        lastAccess: now - 60,
        mobile: true,
        sessions: [
          {
            id: 'sess-phone',
            ipAddress: '10.0.0.9',
            started: now - 7200,
            lastAccess: now - 60,
            expires: now + 30000,
            browser: 'Mobile Safari/17.0',
            clients: [{ clientId: 'tax-portal' }],
          },
        ],
      },
    ],
  };
}
