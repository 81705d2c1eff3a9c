import { hashPassword, hashPasswordScrypt, needsRehash, verifyPassword } from './password-hash';

describe('password hashing', () => {
  it('hashes with argon2id and OWASP parameters (19 MiB, 2 passes, 1 lane)', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(needsRehash(hash)).toBe(false);
  });

  it('accepts the password a hash was made from', async () => {
    const hash = await hashPassword('correct horse');
    await expect(verifyPassword('correct horse', hash)).resolves.toBe(true);
  });

  it('refuses a different password', async () => {
    const hash = await hashPassword('correct horse');
    await expect(verifyPassword('correct hors', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
  });

  it('salts every hash, so equal passwords give different hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
  });

  it('still verifies scrypt hashes of older versions and asks for a rehash', async () => {
    const legacy = await hashPasswordScrypt('old secret');
    expect(legacy).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    await expect(verifyPassword('old secret', legacy)).resolves.toBe(true);
    await expect(verifyPassword('old secreT', legacy)).resolves.toBe(false);
    expect(needsRehash(legacy)).toBe(true);
  });

  it('treats umlauts in composed and decomposed form as the same password', async () => {
    const hash = await hashPassword('Gr\u00fc\u00dfe');
    await expect(verifyPassword('Gru\u0308\u00dfe', hash)).resolves.toBe(true);
  });

  it('refuses malformed or hostile hashes without throwing', async () => {
    for (const hash of [
      '',
      'plain',
      'scrypt$16384$8$1$$',
      'bcrypt$1$2$3$abc$def',
      'scrypt$1073741824$8$1$c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5',
      'scrypt$1000$8$1$c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5',
      '$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5',
      '$argon2id$v=19$m=19456,t=2,p=1$bad$bad',
      '$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5',
    ]) {
      await expect(verifyPassword('x', hash)).resolves.toBe(false);
    }
  });
});
