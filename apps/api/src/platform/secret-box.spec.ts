import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSecretBox, SecretBox } from './secret-box';

describe('the secret box', () => {
  it('seals with a fresh IV each time and opens again; the sealed form holds no clear text', () => {
    const box = new SecretBox(Buffer.alloc(32, 7));
    const a = box.seal('Geheim-Passwort 1!');
    const b = box.seal('Geheim-Passwort 1!');
    expect(a.iv).not.toBe(b.iv);
    expect(JSON.stringify(a)).not.toContain('Geheim');
    expect(box.open(a)).toBe('Geheim-Passwort 1!');
  });

  it('refuses a changed ciphertext and a secret of another key', () => {
    const box = new SecretBox(Buffer.alloc(32, 7));
    const sealed = box.seal('pin');
    expect(() => box.open({ ...sealed, data: Buffer.from('xyz').toString('base64') })).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow(/another key/);
  });

  it('makes a key file in the data dir once (mode 0600) or takes PORTAL_SECRET_KEY', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secret-box-'));
    const first = loadSecretBox(dir, {});
    const again = loadSecretBox(dir, {});
    expect(again.kid).toBe(first.kid);
    expect(again.open(first.seal('x'))).toBe('x');
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(join(dir, 'secret.key'), 'utf8').trim(), 'base64')).toHaveLength(32);
    const fromEnv = loadSecretBox(dir, { PORTAL_SECRET_KEY: '00'.repeat(32) });
    expect(fromEnv.kid).not.toBe(first.kid);
    expect(() => loadSecretBox(dir, { PORTAL_SECRET_KEY: 'short' })).toThrow(/32 bytes/);
  });
});
