import { createHmac, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Socket } from 'socket.io-client';
import { authenticateRaw, call, connected, rawSocket } from '../harness/clients';
import { startPortal, type PortalProc } from '../harness/proc';
import { reportCounts } from './report';

/** Fault test 6: forged, expired and revoked tokens are each NotAuthenticated (401). */
jest.setTimeout(60_000);

let portal: PortalProc;
let privateJwk: JWK;
let template: JWTPayload;
const sockets: Socket[] = [];
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function open(): Promise<Socket> {
  const socket = rawSocket(portal.url);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

async function authenticate(token: string) {
  const socket = await open();
  const [error, result] = await call(socket, 'create', ['authentication', { strategy: 'jwt', accessToken: token }, {}]);
  socket.close();
  return { error, result };
}

/** Signs claims with the portal's own key (valid signature), overriding some claims. */
async function signed(overrides: JWTPayload, key: JWK = privateJwk, alg = 'RS256'): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: JWTPayload = { ...template, iat: now, exp: now + 600, ...overrides };
  return new SignJWT(claims).setProtectedHeader({ alg, kid: key.kid ?? privateJwk.kid!, typ: 'at+jwt' }).sign(await importJWK(key, alg));
}

beforeAll(async () => {
  portal = await startPortal({ env: { PORTAL_SEED_DOCUMENTS: '0' } });
  const keys = JSON.parse(readFileSync(join(portal.dataDir, 'oidc-keys.json'), 'utf8')) as { keys: JWK[] };
  privateJwk = keys.keys[0]!;
  template = decodeJwt(await portal.token('approver'));
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await portal?.stop();
});

describe('tokens', () => {
  const cases: [string, () => Promise<string>][] = [
    ['an expired token', () => signed({ iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) - 600 })],
    ['a token of another issuer', () => signed({ iss: 'https://evil.example/oidc' })],
    ['a token for another audience', () => signed({ aud: 'some-other-api' })],
    ['an unsigned token with alg none', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...template, exp: Math.floor(Date.now() / 1000) + 600 })}.`],
    [
      'a token signed with a fresh key under the portal key id',
      async () => {
        const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        return signed({}, { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: privateJwk.kid });
      },
    ],
    [
      'an HS256 token whose secret is the portal public key',
      async () => {
        const pem = createPublicKey({ key: { kty: privateJwk.kty!, n: privateJwk.n!, e: privateJwk.e! }, format: 'jwk' })
          .export({ type: 'spki', format: 'pem' })
          .toString();
        const head = b64({ alg: 'HS256', typ: 'JWT', kid: privateJwk.kid });
        const body = b64({ ...template, exp: Math.floor(Date.now() / 1000) + 600 });
        return `${head}.${body}.${createHmac('sha256', pem).update(`${head}.${body}`).digest('base64url')}`;
      },
    ],
    [
      'a token with its payload altered after signing',
      async () => {
        const [h, , s] = (await signed({})).split('.');
        return `${h}.${b64({ ...template, all_clients: true, permissions_array: ['adm'], exp: Math.floor(Date.now() / 1000) + 600 })}.${s}`;
      },
    ],
    ['a token without a subject', () => signed({ sub: undefined })],
    ['a token of an unknown user', () => signed({ sub: '00000000-0000-4000-8000-000000000000' })],
  ];

  let tried = 0;
  let passed = 0;
  afterAll(() => reportCounts('tokens', { tried, passed }));

  it('accepts a token forged with the portal key and correct claims (the forging itself is sound)', async () => {
    const { error, result } = await authenticate(await signed({}));
    expect(error).toBeNull();
    expect((result as { user: { username: string } }).user.username).toBe('approver');
  });

  it.each(cases)('refuses %s with NotAuthenticated (401)', async (_label, make) => {
    tried++;
    const { error, result } = await authenticate(await make());
    expect(result).toBeUndefined();
    expect(error).toMatchObject({ name: 'NotAuthenticated', code: 401 });
    passed++;
  });

  it('refuses the token of a user an administrator disabled, and signs out that user’s open connection at once', async () => {
    tried++;
    const approverToken = await portal.token('approver');
    const approver = await open();
    await authenticateRaw(approver, approverToken);
    const [okBefore] = await call(approver, 'get', ['accounting-client', 1002, {}]);
    expect(okBefore).toBeNull();
    const admin = await open();
    await authenticateRaw(admin, await portal.token('admin'));
    const [usersError, users] = await call(admin, 'find', ['users', { username: 'approver' }]);
    expect(usersError).toBeNull();
    const approverId = (users as { data: { id: string }[] }).data[0]!.id;
    const [disableError] = await call(admin, 'patch', ['users', approverId, { enabled: false }, {}]);
    expect(disableError).toBeNull();
    const { error } = await authenticate(approverToken);
    expect(error).toMatchObject({ name: 'NotAuthenticated', code: 401 });
    const [afterDisable] = await call(approver, 'get', ['accounting-client', 1002, {}]);
    expect(afterDisable).toMatchObject({ name: 'NotAuthenticated', code: 401 });
    passed++;
  });
});
