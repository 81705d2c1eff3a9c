import type { TokenVerifier, VerifiedToken } from './token-verifier';

export interface VerifiedTokenCacheOptions {
  /** How long a verification is reused at most; default 60 s (the provider's keys are cached 10 minutes already). */
  ttlMs?: number;
  /** Tokens remembered at once; the oldest goes first. Default 10,000. */
  maxEntries?: number;
  /** The verifier's clock tolerance on `exp`, in seconds; default 5 as the verifier's. */
  clockToleranceSeconds?: number;
  now?: () => number;
}

export const DEFAULT_VERIFIED_TOKEN_TTL_MS = 60_000;
export const DEFAULT_VERIFIED_TOKEN_ENTRIES = 10_000;

/**
 * A verifier that reuses the successful verification of the exact same token string for a short while: the
 * signature check (~0.4 ms of RSA per call) is then made once per token and minute instead of once per socket
 * sign-in and per REST request. Only successes are kept, keyed by the whole token; an entry ends at the token's
 * expiry (with the verifier's tolerance), so an expired token is refused as before. What is checked per
 * sign-in after the signature (the provider session still live, the user known and enabled) stays per call.
 */
export function cachingTokenVerifier(verify: TokenVerifier, options: VerifiedTokenCacheOptions = {}): TokenVerifier {
  const ttlMs = options.ttlMs ?? DEFAULT_VERIFIED_TOKEN_TTL_MS;
  const maxEntries = options.maxEntries ?? DEFAULT_VERIFIED_TOKEN_ENTRIES;
  const toleranceMs = (options.clockToleranceSeconds ?? 5) * 1000;
  const now = options.now ?? Date.now;
  const verified = new Map<string, { token: VerifiedToken; until: number }>();
  return async (accessToken: string): Promise<VerifiedToken> => {
    const hit = verified.get(accessToken);
    if (hit) {
      if (now() < hit.until) return hit.token;
      verified.delete(accessToken);
    }
    const token = await verify(accessToken);
    const at = now();
    const expiresAt = typeof token.raw.exp === 'number' ? token.raw.exp * 1000 + toleranceMs : at;
    const until = Math.min(at + ttlMs, expiresAt);
    if (until > at) {
      if (verified.size >= maxEntries) verified.delete(verified.keys().next().value!);
      verified.set(accessToken, { token, until });
    }
    return token;
  };
}
