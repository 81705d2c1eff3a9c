import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SealedSecret } from '@portal/domain';

/**
 * Seals secrets (the firm's WebEKU password, a FON user's PIN) before they go into a command, and so into
 * events and read models: AES-256-GCM with a random IV; only the ciphertext is ever stored. The key is
 * PORTAL_SECRET_KEY (32 bytes, base64 or hex) or else `secret.key` in the data dir (created on first use,
 * mode 0600; a backup of the data dir holds it). `kid` names the key, so a secret sealed with another key
 * is refused clearly instead of decrypting to garbage.
 */
export class SecretBox {
  readonly kid: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The secret key must be 32 bytes (AES-256).');
    this.kid = createHash('sha256').update(key).digest('hex').slice(0, 12);
  }

  seal(plain: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return { alg: 'AES-256-GCM', kid: this.kid, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  }

  open(sealed: SealedSecret): string {
    if (sealed.kid !== this.kid) throw new Error(`The secret was sealed with another key (${sealed.kid}); this portal's key is ${this.kid}.`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
  }
}

function keyFromText(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error('PORTAL_SECRET_KEY must be 32 bytes as base64 or 64 hex digits (e.g. `openssl rand -base64 32`).');
  return key;
}

/** The portal's secret box: PORTAL_SECRET_KEY, else `<dataDir>/secret.key` (made on first use). */
export function loadSecretBox(dataDir: string, env: NodeJS.ProcessEnv = process.env): SecretBox {
  if (env.PORTAL_SECRET_KEY) return new SecretBox(keyFromText(env.PORTAL_SECRET_KEY));
  const file = join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    renameSync(temp, file);
  }
  return new SecretBox(keyFromText(readFileSync(file, 'utf8')));
}
