import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type KeyLike } from 'jose';
import {
  createRefreshTokenEnvelope,
  InvalidRefreshEnvelope,
  unwrapRefreshTokenRequests,
  wrapTokenResponse,
  type RefreshTokenEnvelope,
} from './refresh-token-envelope';

const ISSUER = 'http://localhost:3030/oidc';
const OPAQUE = 'hP1ZcXGkVQv2mY0y1sNQyW3m0qg7c9y5lZyQk2Hq1Xb';
const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

let jwk: JWK;
let envelope: RefreshTokenEnvelope;

async function rsaJwk(kid: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
}

beforeAll(async () => {
  jwk = await rsaJwk('k1');
  envelope = await createRefreshTokenEnvelope({ issuer: ISSUER, privateJwk: jwk });
});

describe('refresh token envelope', () => {
  it('wraps the opaque value in a signed JWT that keycloak-js can decode', async () => {
    const exp = inOneHour();
    const wrapped = await envelope.wrap(OPAQUE, { exp, sid: 'session-1' });
    expect(decodeProtectedHeader(wrapped)).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: 'k1' });
    expect(decodeJwt(wrapped)).toMatchObject({ typ: 'Refresh', exp, sid: 'session-1', rt: OPAQUE, iss: ISSUER, aud: ISSUER });
  });

  it('unwraps its own envelope back to the opaque value', async () => {
    const wrapped = await envelope.wrap(OPAQUE, { exp: inOneHour() });
    await expect(envelope.unwrap(wrapped)).resolves.toBe(OPAQUE);
  });

  it('refuses an envelope signed with another key', async () => {
    const forger = await createRefreshTokenEnvelope({ issuer: ISSUER, privateJwk: await rsaJwk('k1') });
    await expect(envelope.unwrap(await forger.wrap(OPAQUE, { exp: inOneHour() }))).rejects.toBeInstanceOf(InvalidRefreshEnvelope);
  });

  it('refuses an envelope whose payload was altered', async () => {
    const [header, , signature] = (await envelope.wrap(OPAQUE, { exp: inOneHour() })).split('.');
    const payload = Buffer.from(JSON.stringify({ typ: 'Refresh', rt: 'someone-elses-token', iss: ISSUER, aud: ISSUER, exp: inOneHour() })).toString(
      'base64url',
    );
    await expect(envelope.unwrap(`${header}.${payload}.${signature}`)).rejects.toBeInstanceOf(InvalidRefreshEnvelope);
  });

  it('refuses an expired envelope', async () => {
    const wrapped = await envelope.wrap(OPAQUE, { exp: Math.floor(Date.now() / 1000) - 10 });
    await expect(envelope.unwrap(wrapped)).rejects.toThrow(/exp/);
  });

  it('refuses another JWT of the same key, such as an access token', async () => {
    const key = (await importJWK(jwk, 'RS256')) as KeyLike;
    const accessToken = await new SignJWT({ rt: OPAQUE })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience('tax-portal-api')
      .setSubject('u1')
      .setExpirationTime('5m')
      .sign(key);
    await expect(envelope.unwrap(accessToken)).rejects.toBeInstanceOf(InvalidRefreshEnvelope);
    const wrongTyp = await new SignJWT({ typ: 'Bearer', rt: OPAQUE })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(ISSUER)
      .setAudience(ISSUER)
      .setExpirationTime('5m')
      .sign(key);
    await expect(envelope.unwrap(wrongTyp)).rejects.toBeInstanceOf(InvalidRefreshEnvelope);
  });
});

describe('token response wrapping', () => {
  it('replaces the refresh token by its envelope with the refresh token expiry and session id', async () => {
    const now = 1_700_000_000;
    const body = await wrapTokenResponse({ access_token: 'at', refresh_token: OPAQUE, expires_in: 300 }, { exp: now + 7200, sid: 's1' }, envelope, now);
    const { refresh_token: wrapped, ...rest } = body as Record<string, unknown>;
    expect(rest).toEqual({ access_token: 'at', expires_in: 300, refresh_expires_in: 7200 });
    expect(decodeJwt(wrapped as string)).toMatchObject({ typ: 'Refresh', exp: now + 7200, sid: 's1', rt: OPAQUE });
  });

  it('leaves responses without a refresh token untouched', async () => {
    const error = { error: 'invalid_grant', error_description: 'grant request is invalid' };
    await expect(wrapTokenResponse(error, undefined, envelope)).resolves.toBe(error);
    await expect(wrapTokenResponse(undefined, undefined, envelope)).resolves.toBeUndefined();
  });
});

describe('token endpoint request unwrapping', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const app = express();
    app.post('/token', ...unwrapRefreshTokenRequests(envelope), (req, res) => {
      res.json({ seen: req.body });
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (form: Record<string, string>) => fetch(url, { method: 'POST', body: new URLSearchParams(form) });

  it('hands the opaque value to the provider for a refresh_token grant', async () => {
    const wrapped = await envelope.wrap(OPAQUE, { exp: inOneHour() });
    const res = await post({ grant_type: 'refresh_token', refresh_token: wrapped, client_id: 'tax-portal' });
    expect(await res.json()).toEqual({ seen: { grant_type: 'refresh_token', refresh_token: OPAQUE, client_id: 'tax-portal' } });
  });

  it('answers invalid_grant for a forged envelope without reaching the provider', async () => {
    const forger = await createRefreshTokenEnvelope({ issuer: ISSUER, privateJwk: await rsaJwk('k1') });
    const res = await post({ grant_type: 'refresh_token', refresh_token: await forger.wrap(OPAQUE, { exp: inOneHour() }) });
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ error: 'invalid_grant', error_description: 'grant request is invalid' });
  });

  it('passes other grants and non-JWT refresh tokens through unchanged', async () => {
    const code = await post({ grant_type: 'authorization_code', code: 'c', code_verifier: 'v' });
    expect(await code.json()).toEqual({ seen: { grant_type: 'authorization_code', code: 'c', code_verifier: 'v' } });
    const plain = await post({ grant_type: 'refresh_token', refresh_token: OPAQUE });
    expect(await plain.json()).toEqual({ seen: { grant_type: 'refresh_token', refresh_token: OPAQUE } });
  });
});
