import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

/**
 * Password hashes of the embedded identity provider: argon2id with OWASP's parameters (19 MiB,
 * two passes, one lane) in the PHC string format (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`).
 * Hashes of older versions (scrypt, `scrypt$N$r$p$salt$hash`) still verify; `needsRehash` tells the
 * login to store a new hash once the password was checked.
 */
export const ARGON2ID_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const ARGON2ID_PREFIX = `$argon2id$v=19$m=${ARGON2ID_OPTIONS.memoryCost},t=${ARGON2ID_OPTIONS.timeCost},p=${ARGON2ID_OPTIONS.parallelism}$`;
/** Bounds on parameters read from a stored argon2 hash, so a crafted hash cannot exhaust memory or time. */
const ARGON2_PARAMS = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,2}),p=(\d{1,2})\$[A-Za-z0-9+/]{16,}\$[A-Za-z0-9+/]{16,}$/;
const MAX_ARGON2_MEMORY_KIB = 262144;

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
  return argon2Hash(password.normalize('NFC'), ARGON2ID_OPTIONS);
}

/** The legacy scrypt format; kept so tests can produce hashes of older versions. */
export async function hashPasswordScrypt(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, KEY_LENGTH, DEFAULTS);
  return [PREFIX, DEFAULTS.N, DEFAULTS.r, DEFAULTS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when a stored hash is not argon2id with the current parameters (rehash after the next successful login). */
export function needsRehash(hash: string): boolean {
  return !hash.startsWith(ARGON2ID_PREFIX);
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

async function verifyArgon2(password: string, hash: string): Promise<boolean> {
  const params = ARGON2_PARAMS.exec(hash);
  if (!params) return false;
  const [memory, time, lanes] = params.slice(1, 4).map(Number);
  if (memory > MAX_ARGON2_MEMORY_KIB || time < 1 || time > 10 || lanes < 1 || lanes > 8) return false;
  try {
    return await argon2Verify(hash, password.normalize('NFC'));
  } catch {
    return false;
  }
}

/** True when `password` matches `hash`; a malformed hash never matches (and never throws). */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (hash.startsWith('$argon2')) return verifyArgon2(password, hash);
  const parsed = parse(hash);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.key.length, { N: parsed.N, r: parsed.r, p: parsed.p });
  return timingSafeEqual(candidate, parsed.key);
}
