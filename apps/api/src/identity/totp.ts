import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step before and after: a code typed at the turn of a period, or a phone clock a little off. */
const WINDOW = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD_SECONDS }).toString();
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'invalid' | 'replayed' };

/**
 * Checks a 6-digit code at `nowMs` within one step either way. `lastStep` is the step of the last code
 * accepted for this user: the same code (or an older one) is refused, so a code seen over a shoulder
 * or replayed from a log cannot be used again.
 */
export function checkTotp(secret: string, code: string, lastStep: number | null, nowMs: number): TotpCheck {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return { ok: false, reason: 'invalid' };
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD_SECONDS });
  const delta = totp.validate({ token, timestamp: nowMs, window: WINDOW });
  if (delta === null) return { ok: false, reason: 'invalid' };
  const step = Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
  if (lastStep !== null && step <= lastStep) return { ok: false, reason: 'replayed' };
  return { ok: true, step };
}

/** The code an app shows at `nowMs` (tests, and the setup check). */
export function totpAt(secret: string, nowMs: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD_SECONDS }).generate({ timestamp: nowMs });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten one-time recovery codes like `k7m2-qx9p`, shown once; only their hashes are kept. */
export function newRecoveryCodes(count = 10): string[] {
  const part = () => Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => `${part()}-${part()}`);
}

/** Recovery codes are random (40 bits), so a plain SHA-256 is enough to keep them unreadable at rest. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}
