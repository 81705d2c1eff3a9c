import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, UnsecuredJWT, type JSONWebKeySet, type KeyLike } from 'jose';
import { isPortalError } from '@portal/contracts';
import { createTokenVerifier, type TokenVerifier } from './token-verifier';

const ISSUER = 'http://localhost:3030/oidc';
const AUDIENCE = 'tax-portal-api';
const KID = 'key-1';

let privateKey: KeyLike;
let otherPrivateKey: KeyLike;
let publicPem: string;
let jwks: JSONWebKeySet;
let verify: TokenVerifier;

const claims = {
  preferred_username: 'client1',
  email: 'client1@example.com',
  given_name: 'Clara',
  family_name: 'Client',
  locale: 'de',
  permissions_array: ['doc', 'rep'],
  klienten_array: [1001],
  all_clients: false,
};

function token(overrides: { iss?: string; aud?: string; exp?: number | string; sub?: string | null; key?: KeyLike } = {}): Promise<string> {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'at+jwt' })
    .setIssuer(overrides.iss ?? ISSUER)
    .setAudience(overrides.aud ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(overrides.exp ?? '5m');
  if (overrides.sub !== null) jwt.setSubject(overrides.sub ?? 'user-1');
  return jwt.sign(overrides.key ?? privateKey);
}

async function refusal(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isPortalError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the token to be refused');
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherPrivateKey = (await generateKeyPair('RS256')).privateKey;
  publicPem = await exportSPKI(pair.publicKey);
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] };
  verify = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri: 'http://unused.invalid/jwks', jwks });
});

describe('token verifier', () => {
  it('accepts a good token and maps the portal claims', async () => {
    const verified = await verify(await token());
    expect(verified).toMatchObject({
      sub: 'user-1',
      username: 'client1',
      email: 'client1@example.com',
      given_name: 'Clara',
      family_name: 'Client',
      locale: 'de',
      permissions_array: ['doc', 'rep'],
      klienten_array: [1001],
      all_clients: false,
    });
    expect(verified.raw.iss).toBe(ISSUER);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const unsigned = new UnsecuredJWT(claims).setIssuer(ISSUER).setAudience(AUDIENCE).setSubject('user-1').setExpirationTime('5m').encode();
    expect(await refusal(verify(unsigned))).toEqual({ code: 401, message: expect.any(String) });
  });

  it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: KID })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('admin')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(publicPem));
    expect(await refusal(verify(forged))).toEqual({ code: 401, message: 'Token algorithm is not allowed' });
  });

  it('refuses a token of another issuer', async () => {
    expect(await refusal(verify(await token({ iss: 'http://evil.example/oidc' })))).toEqual({ code: 401, message: 'Token claim "iss" is invalid' });
  });

  it('refuses a token for another audience', async () => {
    expect(await refusal(verify(await token({ aud: 'account' })))).toEqual({ code: 401, message: 'Token claim "aud" is invalid' });
  });

  it('refuses an expired token beyond the clock tolerance', async () => {
    const expired = await token({ exp: Math.floor(Date.now() / 1000) - 60 });
    expect(await refusal(verify(expired))).toEqual({ code: 401, message: 'Token expired' });
  });

  it('tolerates a few seconds of clock skew', async () => {
    const justExpired = await token({ exp: Math.floor(Date.now() / 1000) - 2 });
    await expect(verify(justExpired)).resolves.toMatchObject({ sub: 'user-1' });
  });

  it('refuses a token signed by another key under the same key id', async () => {
    expect(await refusal(verify(await token({ key: otherPrivateKey })))).toEqual({ code: 401, message: 'Token signature is invalid' });
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const [header, , signature] = (await token()).split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...claims, sub: 'user-1', iss: ISSUER, aud: AUDIENCE, exp: 9_999_999_999, permissions_array: ['adm'] }),
    ).toString('base64url');
    expect(await refusal(verify(`${header}.${payload}.${signature}`))).toEqual({ code: 401, message: 'Token signature is invalid' });
  });

  it('refuses a token without subject, an empty token and garbage', async () => {
    expect((await refusal(verify(await token({ sub: null })))).code).toBe(401);
    expect(await refusal(verify(''))).toEqual({ code: 401, message: 'No access token' });
    expect(await refusal(verify('not.a.jwt'))).toEqual({ code: 401, message: 'Token is malformed' });
  });

  it('reads Keycloak-style claims: realm roles, string client numbers, string booleans, excluded clients', async () => {
    const kc = await new SignJWT({
      preferred_username: 'admin',
      realm_access: { roles: ['adm', 'offline_access'] },
      klienten_array: ['1001', 1002],
      all_clients: 'true',
      excluded_klienten: ['1005'],
    })
      .setProtectedHeader({ alg: 'RS256', kid: KID })
      .setIssuer(ISSUER)
      .setAudience([AUDIENCE, 'account'])
      .setSubject('kc-uuid')
      .setExpirationTime('5m')
      .sign(privateKey);
    await expect(verify(kc)).resolves.toMatchObject({
      sub: 'kc-uuid',
      username: 'admin',
      realm_access: { roles: ['adm', 'offline_access'] },
      klienten_array: [1001, 1002],
      all_clients: true,
      excluded_klienten: [1005],
    });
  });

  it('refuses to be configured with only symmetric algorithms', () => {
    expect(() => createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri: 'http://x.invalid', jwks, algorithms: ['HS256', 'none'] })).toThrow();
  });

  describe('with a remote JWKS', () => {
    let server: Server;
    let jwksUri: string;
    beforeAll(async () => {
      server = createServer((_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(jwks));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      jwksUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('fetches the keys from the JWKS URI and accepts a good token', async () => {
      const remote = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri });
      await expect(remote(await token())).resolves.toMatchObject({ sub: 'user-1' });
    });
  });
});
