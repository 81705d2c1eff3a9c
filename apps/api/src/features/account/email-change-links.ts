import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';

const AUDIENCE = 'email-change';
const TYPE = 'email-change+jwt';
export const EMAIL_CONFIRMATION_PATH = '/api/account/email-confirmation';

/** Why a link is refused before the user stream sees it: past its day, signed by someone else or changed, or no link at all. */
export type LinkRefusal = 'expired' | 'tampered' | 'malformed';

/** The HMAC key of the links: created once (0600 in the data dir), so links survive a restart. */
export function loadOrCreateLinkKey(file: string): Uint8Array {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
}

/**
 * Confirmation links for a new e-mail address: a signed token (HS256) naming the user and the address,
 * valid for a day. The user stream decides whether it still counts (only the latest request, only once).
 */
export class EmailChangeLinks {
  constructor(
    private readonly key: Uint8Array,
    private readonly publicUrl: string,
    private readonly ttlSeconds = 24 * 60 * 60,
  ) {}

  async create(userId: string, email: string, nowMs = Date.now()): Promise<string> {
    const now = Math.floor(nowMs / 1000);
    const token = await new SignJWT({ email })
      .setProtectedHeader({ alg: 'HS256', typ: TYPE })
      .setSubject(userId)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
    return `${this.publicUrl}${EMAIL_CONFIRMATION_PATH}?token=${token}`;
  }

  /** The user and address of a valid, unexpired token; null otherwise. */
  async verify(token: string, nowMs = Date.now()): Promise<{ userId: string; email: string } | null> {
    const checked = await this.check(token, nowMs);
    return 'refused' in checked ? null : checked;
  }

  /** The user and address of a valid, unexpired token, or why it is refused (the signature is checked before the expiry). */
  async check(token: string, nowMs = Date.now()): Promise<{ userId: string; email: string } | { refused: LinkRefusal }> {
    try {
      const { payload } = await jwtVerify(token, this.key, { audience: AUDIENCE, typ: TYPE, algorithms: ['HS256'], currentDate: new Date(nowMs) });
      return typeof payload.sub === 'string' && typeof payload.email === 'string' ? { userId: payload.sub, email: payload.email } : { refused: 'malformed' };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { refused: 'expired' };
      if (error instanceof errors.JWSSignatureVerificationFailed) return { refused: 'tampered' };
      return { refused: 'malformed' };
    }
  }
}
