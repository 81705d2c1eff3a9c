/**
 * A secret (password, PIN) as events and read models keep it: AES-256-GCM ciphertext, never the clear text.
 * The api seals and opens it with the key of the data dir or PORTAL_SECRET_KEY; `kid` names that key.
 */
export interface SealedSecret {
  alg: 'AES-256-GCM';
  kid: string;
  iv: string;
  tag: string;
  data: string;
}

export function isSealedSecret(value: unknown): value is SealedSecret {
  const v = value as Partial<SealedSecret> | null;
  return !!v && v.alg === 'AES-256-GCM' && typeof v.kid === 'string' && typeof v.iv === 'string' && typeof v.tag === 'string' && typeof v.data === 'string';
}
