import { randomBytes } from 'node:crypto';
import { importJWK, SignJWT, type KeyLike } from 'jose';
import type { SigningKeys } from './signing-keys';
import { portalClaimsOf } from './token-claims';
import type { UserDirectory } from './user-directory';

/** The scope of every access token the embedded provider issues (the login flow's and `npm run token`'s). */
export const ACCESS_TOKEN_SCOPE = 'openid profile email';
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 300;

export interface AccessTokenIssuerOptions {
  issuer: string;
  audience: string;
  clientId: string;
  ttlSeconds: number;
  keys: SigningKeys;
  users: UserDirectory;
}

/**
 * Access tokens for a user named directly, with the payload and header oidc-provider gives the login flow's JWT
 * access tokens: for scripts and API clients (`npm run token`), which need the signing key and the users, not the
 * provider itself.
 */
export async function accessTokenIssuer(options: AccessTokenIssuerOptions): Promise<(username: string) => Promise<string>> {
  const { issuer, audience, clientId, ttlSeconds, keys, users } = options;
  const signingKey = (await importJWK(keys.privateJwk, 'RS256')) as KeyLike;
  return async (username) => {
    const user = await users.findByUsername(username);
    if (!user) throw new Error(`No user named "${username}"`);
    if (!user.enabled) throw new Error(`User "${username}" is disabled`);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      ...portalClaimsOf(user),
      jti: randomBytes(32).toString('base64url'),
      sub: user.keycloakId,
      iat: now,
      exp: now + ttlSeconds,
      scope: ACCESS_TOKEN_SCOPE,
      client_id: clientId,
      iss: issuer,
      aud: audience,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: keys.privateJwk.kid })
      .sign(signingKey);
  };
}
