import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type KeyLike } from 'jose';

/** A declared attribute of the realm's user profile, with the validations the fake applies. */
export interface DeclaredAttribute {
  name: string;
  multivalued?: boolean;
  validations?: { pattern?: { pattern: string; 'error-message'?: string }; options?: { options: string[] } };
}

interface StoredUser {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  enabled: boolean;
  emailVerified: boolean;
  totp: boolean;
  createdTimestamp: number;
  requiredActions: string[];
  attributes: Record<string, string[]>;
  password: string | null;
  roles: Set<string>;
}

interface Role {
  id: string;
  name: string;
  description: string;
  composite: boolean;
  clientRole: boolean;
  containerId: string;
}

export interface FakeKeycloakOptions {
  realm: string;
  clientId: string;
  clientSecret: string;
  /** Realm role names (permission codes and others). */
  roles: string[];
  /** The user profile's declared attributes: any other attribute is dropped, like Keycloak with unmanaged attributes off. */
  declared: DeclaredAttribute[];
  tokenTtlSeconds?: number;
}

const ROOT = join(__dirname, '../../..');

/** The declared attributes of deploy/keycloak/tax-portal-realm.json's user profile, and its realm roles. */
export function realmFileProfile(): { realm: string; roles: string[]; declared: DeclaredAttribute[] } {
  const realm = JSON.parse(readFileSync(join(ROOT, 'deploy/keycloak/tax-portal-realm.json'), 'utf8')) as {
    realm: string;
    roles: { realm: Array<{ name: string }> };
    components: Record<string, Array<{ providerId: string; config: Record<string, string[]> }>>;
  };
  const profile = realm.components['org.keycloak.userprofile.UserProfileProvider']?.find((c) => c.providerId === 'declarative-user-profile');
  const config = JSON.parse(profile?.config['kc.user.profile.config']?.[0] ?? '{"attributes":[]}') as { attributes: DeclaredAttribute[] };
  return { realm: realm.realm, roles: realm.roles.realm.map((r) => r.name), declared: config.attributes };
}

const BUILT_IN = new Set(['username', 'email', 'firstName', 'lastName']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

class Reply extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown = undefined,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

/**
 * A local stand-in for Keycloak's token endpoint and the part of its Admin REST API the user manager
 * uses, answering as Keycloak documents it (status codes, Location header, error bodies, paging with
 * first/max, newest events first). State lives in memory; `requests` records what was asked.
 */
export class FakeKeycloakAdmin {
  readonly requests: string[] = [];
  readonly loggedOut: string[] = [];
  tokenTtlSeconds: number;
  private readonly users = new Map<string, StoredUser>();
  private readonly roles: Role[];
  private readonly tokens = new Map<string, number>();
  private readonly events: Array<{ time: number; type: string; userId: string; realmId: string; clientId: string; sessionId: string; ipAddress: string }> = [];
  private server: Server | null = null;
  private signing: { privateKey: KeyLike; jwk: JWK } | null = null;
  url = '';

  constructor(private readonly options: FakeKeycloakOptions) {
    this.tokenTtlSeconds = options.tokenTtlSeconds ?? 300;
    this.roles = options.roles.map((name) => ({ id: randomUUID(), name, description: name, composite: false, clientRole: false, containerId: options.realm }));
  }

  async start(): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    this.signing = { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: 'fake-realm-key', alg: 'RS256', use: 'sig' } };
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The realm's issuer, as in the tokens it signs. */
  get issuer(): string {
    return `${this.url}/realms/${this.options.realm}`;
  }

  /** An access token of the realm for the portal (audience tax-portal-api), signed with the key its JWKS publishes. */
  async accessToken(subject: string, claims: Record<string, unknown>): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-realm-key', typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(['tax-portal-api', 'account'])
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(this.signing!.privateKey);
  }

  /** A login as Keycloak records it (event type LOGIN), at `time` epoch ms. */
  login(userId: string, time = Date.now()): void {
    this.events.push({ time, type: 'LOGIN', userId, realmId: this.options.realm, clientId: 'tax-portal', sessionId: randomUUID(), ipAddress: '127.0.0.1' });
  }

  /** A user put straight into the realm (an import), with realm roles. */
  seed(username: string, roles: string[] = [], attributes: Record<string, string[]> = {}): string {
    const id = randomUUID();
    this.users.set(id, {
      id,
      username,
      email: `${username}@example.at`,
      firstName: '',
      lastName: username,
      enabled: true,
      emailVerified: true,
      totp: false,
      createdTimestamp: Date.now(),
      requiredActions: [],
      attributes,
      password: null,
      roles: new Set(roles),
    });
    return id;
  }

  /** The attributes Keycloak holds for a user, as stored (after dropping undeclared ones). */
  storedAttributes(id: string): Record<string, string[]> | undefined {
    return this.users.get(id)?.attributes;
  }

  passwordOf(id: string): { value: string | null; temporary: boolean } | undefined {
    const user = this.users.get(id);
    return user && { value: user.password, temporary: user.requiredActions.includes('UPDATE_PASSWORD') };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    this.requests.push(`${req.method} ${url.pathname}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      const answer = this.route(req, url, body);
      if (answer instanceof Reply) this.send(res, answer.status, answer.body, answer.headers);
      else this.send(res, answer === undefined ? 204 : 200, answer);
    } catch (error) {
      if (!(error instanceof Reply)) throw error;
      this.send(res, error.status, error.body, error.headers);
    }
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  }

  private route(req: IncomingMessage, url: URL, body: string): unknown {
    const realm = encodeURIComponent(this.options.realm);
    if (req.method === 'POST' && url.pathname === `/realms/${realm}/protocol/openid-connect/token`) return this.token(req, body);
    if (req.method === 'GET' && url.pathname === `/realms/${realm}/protocol/openid-connect/certs`) return { keys: [this.signing!.jwk] };
    const prefix = `/admin/realms/${realm}`;
    if (!url.pathname.startsWith(`${prefix}/`)) throw new Reply(404, { error: 'Realm not found.' });
    this.authorize(req);
    const path = url.pathname.slice(prefix.length).split('/').filter(Boolean).map(decodeURIComponent);
    const json = () => (body === '' ? undefined : (JSON.parse(body) as unknown));
    const [resource, id, sub, kind] = path;
    if (resource === 'users' && id === undefined && req.method === 'GET')
      return this.page([...this.users.values()], url).map((u) => this.represent(u, url.searchParams.get('briefRepresentation') === 'true'));
    if (resource === 'users' && id === 'count') return this.users.size;
    if (resource === 'users' && id === undefined && req.method === 'POST') return this.create(json() as Record<string, unknown>);
    if (resource === 'users' && id !== undefined) {
      const user = this.users.get(id);
      if (!user) throw new Reply(404, { error: 'User not found' });
      if (sub === undefined && req.method === 'GET') return this.represent(user, false);
      if (sub === undefined && req.method === 'PUT') return this.update(user, json() as Record<string, unknown>);
      if (sub === undefined && req.method === 'DELETE') return void this.users.delete(id);
      if (sub === 'role-mappings' && kind === 'realm')
        return this.roleMappings(user, req.method ?? 'GET', json() as Array<{ id?: string; name?: string }> | undefined);
      if (sub === 'reset-password' && req.method === 'PUT') return this.resetPassword(user, json() as { type?: string; value?: string; temporary?: boolean });
      if (sub === 'logout' && req.method === 'POST') return void this.loggedOut.push(user.id);
    }
    if (resource === 'roles' && id === undefined && req.method === 'GET') return this.roles;
    if (resource === 'roles' && id !== undefined && sub === 'users' && req.method === 'GET') {
      if (!this.roles.some((r) => r.name === id)) throw new Reply(404, { error: 'Could not find role' });
      // Keycloak's default page of role members is 100.
      const members = [...this.users.values()].filter((u) => u.roles.has(id));
      return this.page(members, url, 100).map((u) => this.represent(u, url.searchParams.get('briefRepresentation') !== 'false'));
    }
    if (resource === 'events' && req.method === 'GET') return this.findEvents(url);
    throw new Reply(404, { error: 'HTTP 404 Not Found' });
  }

  private token(req: IncomingMessage, body: string): unknown {
    const form = new URLSearchParams(body);
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [clientId, clientSecret] = basic
      ? Buffer.from(basic[1]!, 'base64')
          .toString('utf8')
          .split(':')
          .map((p) => decodeURIComponent(p.replaceAll('+', ' ')))
      : [form.get('client_id'), form.get('client_secret')];
    if (form.get('grant_type') !== 'client_credentials') throw new Reply(400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant_type' });
    if (clientId !== this.options.clientId || clientSecret !== this.options.clientSecret)
      throw new Reply(401, { error: 'unauthorized_client', error_description: 'Invalid client or Invalid client credentials' });
    const exp = Math.floor(Date.now() / 1000) + this.tokenTtlSeconds;
    const token = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url({ exp, iat: exp - this.tokenTtlSeconds, azp: clientId, jti: randomUUID() })}.c2lnbmF0dXJl`;
    this.tokens.set(token, exp);
    // Client credentials bring no refresh token (Keycloak's default for service accounts).
    return {
      access_token: token,
      expires_in: this.tokenTtlSeconds,
      refresh_expires_in: 0,
      token_type: 'Bearer',
      'not-before-policy': 0,
      scope: 'profile email',
    };
  }

  private authorize(req: IncomingMessage): void {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const exp = this.tokens.get(token);
    if (exp === undefined || exp * 1000 <= Date.now()) throw new Reply(401, { error: 'HTTP 401 Unauthorized' });
  }

  private page<T extends { username: string }>(rows: T[], url: URL, defaultMax = 100): T[] {
    const first = Number(url.searchParams.get('first') ?? 0);
    const max = Number(url.searchParams.get('max') ?? defaultMax);
    return rows.sort((a, b) => a.username.localeCompare(b.username)).slice(first, first + max);
  }

  private represent(user: StoredUser, brief: boolean): Record<string, unknown> {
    const { password: _password, roles: _roles, attributes, ...rest } = user;
    const kept = Object.fromEntries(Object.entries(attributes).filter(([, v]) => v.length > 0));
    return {
      ...rest,
      disableableCredentialTypes: [],
      notBefore: 0,
      access: { manage: true },
      ...(brief || Object.keys(kept).length === 0 ? {} : { attributes: kept }),
    };
  }

  /** Keycloak's user-profile validation: declared attributes only, each value checked; errors name the field. */
  private validated(
    data: Record<string, unknown>,
    before: StoredUser | null,
  ): Pick<StoredUser, 'username' | 'email' | 'firstName' | 'lastName' | 'attributes'> {
    const text = (name: string) =>
      typeof data[name] === 'string' ? (data[name] as string).trim() : before ? String(before[name as keyof StoredUser] ?? '') : '';
    const username = text('username').toLowerCase();
    const email = text('email').toLowerCase();
    if (username === '') throw new Reply(400, { field: 'username', errorMessage: 'error-user-attribute-required', params: ['username'] });
    if (email !== '' && !EMAIL.test(email)) throw new Reply(400, { field: 'email', errorMessage: 'error-invalid-email', params: ['email', email] });
    const given = data.attributes === undefined ? (before?.attributes ?? {}) : ((data.attributes ?? {}) as Record<string, unknown>);
    const attributes: Record<string, string[]> = {};
    for (const declared of this.options.declared) {
      if (BUILT_IN.has(declared.name) || given[declared.name] === undefined) continue;
      const raw = given[declared.name];
      const values = (Array.isArray(raw) ? raw : [raw]).map(String).filter((v) => v !== '');
      if (!declared.multivalued && values.length > 1)
        throw new Reply(400, { field: declared.name, errorMessage: 'error-invalid-multivalued-size', params: [declared.name] });
      for (const value of values) {
        const pattern = declared.validations?.pattern;
        if (pattern && !new RegExp(pattern.pattern).test(value))
          throw new Reply(400, { field: declared.name, errorMessage: pattern['error-message'] ?? 'error-pattern-no-match', params: [declared.name, value] });
        const options = declared.validations?.options?.options;
        if (options && !options.includes(value))
          throw new Reply(400, { field: declared.name, errorMessage: 'error-invalid-value', params: [declared.name, value] });
      }
      attributes[declared.name] = values;
    }
    // Keycloak keeps its own locale attribute with internationalization on, declared or not.
    if (given.locale !== undefined) attributes.locale = (Array.isArray(given.locale) ? given.locale : [given.locale]).map(String);
    for (const other of this.users.values()) {
      if (other === before) continue;
      if (other.username === username) throw new Reply(409, { errorMessage: 'User exists with same username' });
      if (email !== '' && other.email === email) throw new Reply(409, { errorMessage: 'User exists with same email' });
    }
    return { username, email, firstName: text('firstName'), lastName: text('lastName'), attributes };
  }

  private create(data: Record<string, unknown>): Reply {
    const fields = this.validated(data, null);
    const credential = Array.isArray(data.credentials) ? (data.credentials[0] as { value?: string; temporary?: boolean } | undefined) : undefined;
    const actions = Array.isArray(data.requiredActions) ? (data.requiredActions as string[]) : [];
    const id = randomUUID();
    this.users.set(id, {
      id,
      ...fields,
      enabled: data.enabled === true,
      emailVerified: data.emailVerified === true,
      totp: false,
      createdTimestamp: Date.now(),
      requiredActions: credential?.temporary && !actions.includes('UPDATE_PASSWORD') ? [...actions, 'UPDATE_PASSWORD'] : actions,
      password: credential?.value ?? null,
      roles: new Set(),
    });
    return new Reply(201, undefined, { location: `${this.url}/admin/realms/${this.options.realm}/users/${id}` });
  }

  private update(user: StoredUser, data: Record<string, unknown>): undefined {
    const fields = this.validated(data, user);
    Object.assign(user, fields);
    if (typeof data.enabled === 'boolean') user.enabled = data.enabled;
    if (Array.isArray(data.requiredActions)) user.requiredActions = data.requiredActions as string[];
    return undefined;
  }

  private roleMappings(user: StoredUser, method: string, roles: Array<{ id?: string; name?: string }> | undefined): unknown {
    if (method === 'GET') return this.roles.filter((r) => user.roles.has(r.name));
    const known = (roles ?? []).map((r) => this.roles.find((k) => k.id === r.id && k.name === r.name));
    if (known.some((r) => r === undefined)) throw new Reply(404, { error: 'Role not found' });
    for (const role of known) {
      if (method === 'POST') user.roles.add(role!.name);
      else user.roles.delete(role!.name);
    }
    return undefined;
  }

  private resetPassword(user: StoredUser, credential: { type?: string; value?: string; temporary?: boolean }): undefined {
    if (credential.type !== 'password' || !credential.value)
      throw new Reply(400, { error: 'invalidPasswordMinLengthMessage', error_description: 'Invalid password: minimum length 1.' });
    user.password = credential.value;
    const others = user.requiredActions.filter((a) => a !== 'UPDATE_PASSWORD');
    user.requiredActions = credential.temporary === false ? others : [...others, 'UPDATE_PASSWORD'];
    return undefined;
  }

  private findEvents(url: URL): unknown {
    const types = url.searchParams.getAll('type');
    const user = url.searchParams.get('user');
    const first = Number(url.searchParams.get('first') ?? 0);
    const max = Number(url.searchParams.get('max') ?? 100);
    return this.events
      .filter((e) => (types.length === 0 || types.includes(e.type)) && (!user || e.userId === user))
      .sort((a, b) => b.time - a.time)
      .slice(first, first + max);
  }
}
