import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes of the embedded identity provider: scrypt with a random 16-byte salt.
 * Format: `scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>`, so parameters can be raised
 * later without invalidating stored hashes.
 */
const PREFIX = 'scrypt';
const DEFAULTS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Upper bound for N taken from a stored hash, so a crafted hash cannot exhaust memory. */
const MAX_N = 1 << 20;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const maxmem = 256 * (options.N ?? DEFAULTS.N) * (options.r ?? DEFAULTS.r) + 1024 * 1024;
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, KEY_LENGTH, DEFAULTS);
  return [PREFIX, DEFAULTS.N, DEFAULTS.r, DEFAULTS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(hash: string): ParsedHash | null {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => Number.parseInt(part, 10));
  const salt = Buffer.from(parts[4], 'base64url');
  const key = Buffer.from(parts[5], 'base64url');
  const validNumbers = [N, r, p].every((n) => Number.isInteger(n) && n > 0);
  if (!validNumbers || N > MAX_N || (N & (N - 1)) !== 0 || r > 32 || p > 16) return null;
  if (salt.length === 0 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

/** True when `password` matches `hash`; a malformed hash never matches (and never throws). */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.key.length, { N: parsed.N, r: parsed.r, p: parsed.p });
  return timingSafeEqual(candidate, parsed.key);
}
