import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new scanner secret: 32 URL-safe characters (192 random bits), shown once. */
export const newScannerSecret = () => randomBytes(24).toString('base64url');

/** What is stored: the secret's sha256 (a random token of this length needs no slow hash). */
export const hashScannerSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export function secretMatches(secret: string, hash: string): boolean {
  const given = Buffer.from(hashScannerSecret(secret), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
