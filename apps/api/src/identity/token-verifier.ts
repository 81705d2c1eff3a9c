import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { NotAuthenticated } from '@portal/contracts';

/** The claims the portal reads from an access token, from either identity provider. */
export interface VerifiedToken {
  sub: string;
  username?: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  locale?: string;
  permissions_array?: string[];
  klienten_array?: number[];
  all_clients?: boolean;
  /** Keycloak: with all_clients, the companies the user is excluded from (attribute excluded_klienten). */
  excluded_klienten?: number[];
  realm_access?: { roles: string[] };
  raw: JWTPayload;
}

export interface TokenVerifierOptions {
  issuer: string;
  /** Required `aud` value (Keycloak: added by the audience mapper; embedded: the resource server). */
  audience: string;
  /** Where the provider publishes its public keys; fetched and cached by jose. */
  jwksUri: string;
  /** A local key set instead of `jwksUri` (in-process use, tests). */
  jwks?: JSONWebKeySet;
  /** Asymmetric algorithms only; `none` and HS* are never accepted. */
  algorithms?: string[];
  /** Seconds of clock skew tolerated on exp/nbf/iat; default 5. */
  clockToleranceSeconds?: number;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

export const DEFAULT_ALGORITHMS: readonly string[] = ['RS256', 'ES256', 'PS256'];

const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function stringArray(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
}

function numberArray(value: unknown): number[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const numbers = value.map((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v));
  return numbers.every((n): n is number => typeof n === 'number' && Number.isFinite(n)) ? numbers : undefined;
}

function booleanClaim(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

function realmAccess(value: unknown): { roles: string[] } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const roles = stringArray((value as { roles?: unknown }).roles);
  return roles ? { roles } : undefined;
}

/** Maps a verified JWT payload to the portal's view of it. */
export function toVerifiedToken(payload: JWTPayload): VerifiedToken {
  if (typeof payload.sub !== 'string' || payload.sub === '') throw NotAuthenticated('Token has no subject');
  const token: VerifiedToken = { sub: payload.sub, raw: payload };
  const set = <K extends keyof VerifiedToken>(key: K, value: VerifiedToken[K] | undefined): void => {
    if (value !== undefined) token[key] = value;
  };
  set('username', optionalString(payload.preferred_username));
  set('email', optionalString(payload.email));
  set('given_name', optionalString(payload.given_name));
  set('family_name', optionalString(payload.family_name));
  set('locale', optionalString(payload.locale));
  set('permissions_array', stringArray(payload.permissions_array));
  set('klienten_array', numberArray(payload.klienten_array));
  set('all_clients', booleanClaim(payload.all_clients));
  set('excluded_klienten', numberArray(payload.excluded_klienten));
  set('realm_access', realmAccess(payload.realm_access));
  return token;
}

function reasonOf(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'Token expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `Token claim "${error.claim}" is invalid`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'Token signature is invalid';
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'Token algorithm is not allowed';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'Token signing key is unknown';
  if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid) return 'Token is malformed';
  if (error instanceof joseErrors.JWKSTimeout) return 'Identity provider keys could not be fetched in time';
  return 'Invalid token';
}

/**
 * Verifies access tokens of the configured issuer: signature against the provider's JWKS,
 * issuer, audience, expiry (small clock tolerance) and an asymmetric algorithm allow-list.
 * Any failure throws the contracts' `NotAuthenticated` (401).
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const algorithms = (options.algorithms ?? DEFAULT_ALGORITHMS).filter((alg) => alg !== 'none' && !alg.startsWith('HS'));
  if (algorithms.length === 0) throw new Error('createTokenVerifier: no asymmetric algorithm allowed');
  const keys: JWTVerifyGetKey = options.jwks
    ? createLocalJWKSet(options.jwks)
    : createRemoteJWKSet(new URL(options.jwksUri), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
  const clockTolerance = options.clockToleranceSeconds ?? 5;

  return async (token: string): Promise<VerifiedToken> => {
    if (typeof token !== 'string' || token === '') throw NotAuthenticated('No access token');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms,
        clockTolerance,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      throw NotAuthenticated(reasonOf(error));
    }
    return toVerifiedToken(payload);
  };
}
