import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { calculateJwkThumbprint, type JSONWebKeySet, type JWK } from 'jose';

/**
 * Key material of the embedded identity provider, persisted in one JSON file under the data
 * directory so that tokens and login sessions survive a restart.
 */
export interface SigningKeys {
  /** RS256 private key as JWK (with kid, alg, use); given to oidc-provider's `jwks`. */
  privateJwk: JWK;
  /** The public half, as published at the provider's jwks_uri. */
  publicJwks: JSONWebKeySet;
  /** Secrets for oidc-provider's signed cookies (newest first). */
  cookieKeys: string[];
}

interface StoredKeys {
  keys: JWK[];
  cookieKeys: string[];
}

const PUBLIC_RSA_MEMBERS = ['n', 'e', 'kid', 'alg', 'use'] as const;

export function publicJwkOf(privateJwk: JWK): JWK {
  const jwk: JWK = { kty: privateJwk.kty };
  for (const member of PUBLIC_RSA_MEMBERS) {
    const value = privateJwk[member];
    if (typeof value === 'string') jwk[member] = value;
  }
  return jwk;
}

async function generate(): Promise<StoredKeys> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const exported = privateKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint({ kty: exported.kty, n: exported.n, e: exported.e });
  return {
    keys: [{ ...exported, kid, alg: 'RS256', use: 'sig' }],
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

function isStoredKeys(value: unknown): value is StoredKeys {
  if (typeof value !== 'object' || value === null) return false;
  const { keys, cookieKeys } = value as Partial<StoredKeys>;
  return (
    Array.isArray(keys) &&
    keys.length > 0 &&
    typeof keys[0]?.d === 'string' &&
    keys[0]?.kty === 'RSA' &&
    Array.isArray(cookieKeys) &&
    cookieKeys.length > 0 &&
    cookieKeys.every((k) => typeof k === 'string')
  );
}

async function readStored(file: string): Promise<StoredKeys | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (!isStoredKeys(parsed)) throw new Error(`Identity key file ${file} is not a valid key set; move it away to generate a new one`);
  return parsed;
}

/** Reads the key file, or creates it (mode 0600, written atomically) on first start. */
export async function loadOrCreateSigningKeys(file: string): Promise<SigningKeys> {
  let stored = await readStored(file);
  if (!stored) {
    stored = await generate();
    await mkdir(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(stored, null, 2), { mode: 0o600 });
    await rename(temp, file);
  }
  const privateJwk = stored.keys[0];
  return { privateJwk, publicJwks: { keys: stored.keys.map(publicJwkOf) }, cookieKeys: stored.cookieKeys };
}
