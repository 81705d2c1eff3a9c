import express, { type RequestHandler } from 'express';
import { importJWK, jwtVerify, SignJWT, type JWK, type KeyLike } from 'jose';
import { publicJwkOf } from './signing-keys';

/**
 * oidc-provider issues opaque refresh tokens, but keycloak-js (26) decodes the refresh token as
 * a JWT in `setToken` and fails on anything else. The envelope keeps the provider's opaque value
 * as the real credential and dresses it as a signed JWT for the client:
 *
 *   out: token response `refresh_token: <opaque>` → `refresh_token: <JWT{typ:'Refresh', exp, sid, rt:<opaque>}>`
 *   in:  `grant_type=refresh_token&refresh_token=<JWT>` → signature checked → `<opaque>`
 *
 * The provider still does all refresh-token checks (expiry, rotation, reuse detection, logout).
 */
export interface RefreshTokenEnvelope {
  wrap(opaque: string, meta: { exp: number; sid?: string }): Promise<string>;
  /** The opaque value inside an envelope; throws `InvalidRefreshEnvelope` when not ours. */
  unwrap(envelope: string): Promise<string>;
}

export class InvalidRefreshEnvelope extends Error {
  override readonly name = 'InvalidRefreshEnvelope';
}

export const REFRESH_ENVELOPE_TYP = 'Refresh';
const ALG = 'RS256';

export async function createRefreshTokenEnvelope(options: { issuer: string; privateJwk: JWK }): Promise<RefreshTokenEnvelope> {
  const { issuer, privateJwk } = options;
  const privateKey = (await importJWK(privateJwk, ALG)) as KeyLike;
  const publicKey = (await importJWK(publicJwkOf(privateJwk), ALG)) as KeyLike;

  return {
    async wrap(opaque, { exp, sid }) {
      const payload: Record<string, string> = { typ: REFRESH_ENVELOPE_TYP, rt: opaque };
      if (sid) payload.sid = sid;
      return new SignJWT(payload)
        .setProtectedHeader({ alg: ALG, typ: 'JWT', ...(privateJwk.kid ? { kid: privateJwk.kid } : {}) })
        .setIssuer(issuer)
        .setAudience(issuer)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(privateKey);
    },
    async unwrap(envelope) {
      try {
        const { payload } = await jwtVerify(envelope, publicKey, { issuer, audience: issuer, algorithms: [ALG] });
        if (payload.typ !== REFRESH_ENVELOPE_TYP || typeof payload.rt !== 'string' || payload.rt === '') {
          throw new InvalidRefreshEnvelope('not a refresh token envelope');
        }
        return payload.rt;
      } catch (error) {
        if (error instanceof InvalidRefreshEnvelope) throw error;
        throw new InvalidRefreshEnvelope(error instanceof Error ? error.message : 'invalid refresh token');
      }
    },
  };
}

/** Express body of an OAuth token request, as parsed by `express.urlencoded`. */
type FormBody = Record<string, unknown> | undefined;

const looksLikeJwt = (value: string): boolean => value.split('.').length === 3;

/**
 * Express middleware for the token endpoint (mount at `POST <mount>/token`, before the provider):
 * unwraps an enveloped refresh token; refuses a forged or expired envelope with `invalid_grant`.
 * A value that is not JWT-shaped is passed through unchanged (a plain OAuth client holding the
 * provider's opaque value); the provider validates it as usual. oidc-provider reads the already
 * parsed body from `req.body` (its documented fallback for upstream body parsers).
 */
export function unwrapRefreshTokenRequests(envelope: RefreshTokenEnvelope): RequestHandler[] {
  const parse = express.urlencoded({ extended: false, limit: '56kb' });
  const unwrap: RequestHandler = async (req, res, next) => {
    const body = req.body as FormBody;
    const value = body?.refresh_token;
    if (body?.grant_type !== 'refresh_token' || typeof value !== 'string' || !looksLikeJwt(value)) {
      next();
      return;
    }
    try {
      body.refresh_token = await envelope.unwrap(value);
      next();
    } catch {
      res.status(400).set({ 'cache-control': 'no-store', pragma: 'no-cache' }).json({ error: 'invalid_grant', error_description: 'grant request is invalid' });
    }
  };
  return [parse, unwrap];
}

/** What the response side needs to know about the refresh token the provider just issued. */
export interface IssuedRefreshToken {
  exp?: number;
  sid?: string;
}

/**
 * Replaces `refresh_token` in a token endpoint response body by its envelope (and adds
 * Keycloak's `refresh_expires_in`). Bodies without a refresh token are returned unchanged.
 */
export async function wrapTokenResponse(
  body: unknown,
  issued: IssuedRefreshToken | undefined,
  envelope: RefreshTokenEnvelope,
  now: number = Math.floor(Date.now() / 1000),
): Promise<unknown> {
  if (typeof body !== 'object' || body === null) return body;
  const response = body as Record<string, unknown>;
  const opaque = response.refresh_token;
  if (typeof opaque !== 'string') return body;
  const exp = issued?.exp ?? now + 60 * 60;
  return {
    ...response,
    refresh_token: await envelope.wrap(opaque, { exp, sid: issued?.sid }),
    refresh_expires_in: Math.max(0, exp - now),
  };
}
