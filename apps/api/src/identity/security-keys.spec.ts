import { SoftwareAuthenticator } from '../../test/software-authenticator';
import { InMemoryCredentialStore } from './credential-store';
import { SecurityKeys } from './security-keys';

const ORIGIN = 'http://localhost:3030';
const user = { id: 'u-1', username: 'clerk', displayName: 'Lena Wimmer' };

function setup(now = () => Date.now()) {
  const store = new InMemoryCredentialStore();
  const keys = new SecurityKeys(store, { rpId: 'localhost', rpName: 'KanzleiPortal', origins: [ORIGIN], now });
  return { store, keys };
}

async function registered(keys: SecurityKeys, store: InMemoryCredentialStore, authenticator: SoftwareAuthenticator) {
  const verified = await keys.verifyRegistration(user.id, authenticator.register(await keys.registrationOptions(user)));
  expect(verified).not.toBeNull();
  await store.addSecurityKey({ ...verified!, userId: user.id, label: 'YubiKey' });
}

describe('security keys (WebAuthn with a software authenticator)', () => {
  it('registers a key: options for this site and user, the answer verified, the public key kept', async () => {
    const { keys, store } = setup();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = await keys.registrationOptions(user);
    expect(options).toMatchObject({ rp: { id: 'localhost', name: 'KanzleiPortal' }, user: { name: 'clerk', displayName: 'Lena Wimmer' }, attestation: 'none' });
    const verified = await keys.verifyRegistration(user.id, authenticator.register(options));
    expect(verified).toMatchObject({ id: authenticator.id, counter: 1, transports: ['usb'] });
    expect(verified!.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    // A registered key is excluded from the next registration.
    await store.addSecurityKey({ ...verified!, userId: user.id, label: 'YubiKey' });
    expect((await keys.registrationOptions(user)).excludeCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['usb'] }]);
  });

  it('refuses a registration from another origin, an answer to no challenge, and the same answer twice', async () => {
    const { keys } = setup();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    expect(await keys.verifyRegistration(user.id, authenticator.register(await keys.registrationOptions(user), 'https://evil.example'))).toBeNull();
    expect(await keys.verifyRegistration(user.id, authenticator.register(await keys.registrationOptions({ ...user, id: 'u-2' })))).toBeNull();
    const answer = authenticator.register(await keys.registrationOptions(user));
    expect(await keys.verifyRegistration(user.id, answer)).not.toBeNull();
    expect(await keys.verifyRegistration(user.id, answer)).toBeNull();
  });

  it('signs in with the key once per challenge, counts up, and refuses a key of another user or another login', async () => {
    const { keys, store } = setup();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await registered(keys, store, authenticator);
    expect(await keys.authenticationOptions('login-1', 'nobody')).toBeNull();
    const options = (await keys.authenticationOptions('login-1', user.id))!;
    expect(options.allowCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['usb'] }]);
    const answer = authenticator.answer(options);
    expect(await keys.verifyAuthentication('login-1', 'someone-else', answer)).toBe(false);
    // The challenge is spent by the failed try: a new login step is needed.
    const again = authenticator.answer((await keys.authenticationOptions('login-1', user.id))!);
    expect(await keys.verifyAuthentication('login-2', user.id, again)).toBe(false);
    const fresh = authenticator.answer((await keys.authenticationOptions('login-3', user.id))!);
    expect(await keys.verifyAuthentication('login-3', user.id, fresh)).toBe(true);
    expect(await keys.verifyAuthentication('login-3', user.id, fresh)).toBe(false);
    const [stored] = await store.listSecurityKeys(user.id);
    expect(stored).toMatchObject({ counter: 4, lastUsedAt: expect.any(String) });
  });

  it('refuses an answer signed by another key under the same id, and a challenge older than five minutes', async () => {
    let now = Date.now();
    const { keys, store } = setup(() => now);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await registered(keys, store, authenticator);
    const impostor = Object.assign(new SoftwareAuthenticator(ORIGIN), { credentialId: authenticator.credentialId });
    expect(await keys.verifyAuthentication('a', user.id, impostor.answer((await keys.authenticationOptions('a', user.id))!))).toBe(false);
    const late = authenticator.answer((await keys.authenticationOptions('b', user.id))!);
    now += 5 * 60_000 + 1;
    expect(await keys.verifyAuthentication('b', user.id, late)).toBe(false);
  });
});
