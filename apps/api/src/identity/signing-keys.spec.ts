import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateSigningKeys } from './signing-keys';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'identity-keys-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('signing keys', () => {
  it('creates an RS256 key and cookie secret on first use, readable only by the owner', async () => {
    const file = join(dir, 'nested', 'identity-keys.json');
    const keys = await loadOrCreateSigningKeys(file);
    expect(keys.privateJwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String), d: expect.any(String) });
    expect(keys.cookieKeys[0]).toHaveLength(43);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('returns the same keys after a restart', async () => {
    const file = join(dir, 'identity-keys.json');
    const first = await loadOrCreateSigningKeys(file);
    const second = await loadOrCreateSigningKeys(file);
    expect(second).toEqual(first);
  });

  it('publishes only the public members of the key', async () => {
    const { publicJwks, privateJwk } = await loadOrCreateSigningKeys(join(dir, 'k.json'));
    expect(publicJwks.keys).toEqual([{ kty: 'RSA', n: privateJwk.n, e: privateJwk.e, kid: privateJwk.kid, alg: 'RS256', use: 'sig' }]);
  });

  it('refuses a damaged key file instead of silently replacing it', async () => {
    const file = join(dir, 'k.json');
    await writeFile(file, JSON.stringify({ keys: [] }));
    await expect(loadOrCreateSigningKeys(file)).rejects.toThrow(/not a valid key set/);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ keys: [] });
  });
});
