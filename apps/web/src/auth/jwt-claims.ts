/** The claims of a JWT's payload, unverified (the server verifies; the client only reads exp and sub). */
export function jwtClaims(token: string): { exp?: number; sub?: string } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims = JSON.parse(json) as unknown;
    return typeof claims === 'object' && claims !== null ? (claims as { exp?: number; sub?: string }) : null;
  } catch {
    return null;
  }
}

/** True when the token is a JWT that stays valid for at least `minValiditySeconds` after `nowMs`. */
export function validFor(token: string | null | undefined, minValiditySeconds: number, nowMs: number): boolean {
  if (!token) return false;
  const exp = jwtClaims(token)?.exp;
  return typeof exp === 'number' && exp * 1000 - nowMs >= minValiditySeconds * 1000;
}
