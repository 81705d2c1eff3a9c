import type { AccountView } from '@portal/contracts';
import { connectFeathers, type FeathersPeer } from '@portal/tools';
import { FakeKeycloak, keycloakAccountOf } from '../../../test/fake-keycloak';
import { startPortalProcess, type PortalProcess } from '@portal/tools';

/** A Keycloak user the portal never registered: known only from the token. */
const SUBJECT = '0b7d6a55-0000-4000-8000-0000000000kc';
const keycloak = new FakeKeycloak('tax-portal', keycloakAccountOf(SUBJECT));
let portal: PortalProcess;
const peers: FeathersPeer[] = [];

const claims = {
  sub: SUBJECT,
  sid: 'sess-here',
  preferred_username: 'k.meier',
  given_name: 'Karin',
  family_name: 'Meier',
  email: 'k.meier@kanzlei.example',
  locale: 'en',
  permissions_array: ['doc'],
  klienten_array: [1001],
};

async function signedIn(): Promise<{ peer: FeathersPeer; user: { locale: string } }> {
  const peer = connectFeathers(portal.url);
  peers.push(peer);
  const result = (await peer.app.authenticate({ strategy: 'jwt', accessToken: await keycloak.token(claims) })) as { user: { locale: string } };
  return { peer, user: result.user };
}

beforeAll(async () => {
  await keycloak.start();
  portal = await startPortalProcess({ env: { PORTAL_SEED_DOCUMENTS: '0', OIDC_ISSUER: keycloak.issuer } });
}, 120_000);

afterAll(async () => {
  for (const peer of peers) peer.close();
  await portal?.stop();
  await keycloak.stop();
});

describe('the personal account with Keycloak (OIDC_ISSUER set)', () => {
  it("keeps the language of a user known only from the token: a preference by subject that wins over the token's claim at the next sign-in", async () => {
    const { peer, user } = await signedIn();
    expect(user.locale).toBe('en');
    const account = peer.app.service('account');
    expect(await account.get('me')).toMatchObject({ id: SUBJECT, provider: 'keycloak', username: 'k.meier', locale: 'en' });
    expect(((await account.patch('me', { locale: 'de' })) as AccountView).locale).toBe('de');
    const later = await signedIn();
    expect(later.user.locale).toBe('de');
    expect(((await later.peer.app.service('account').get('me')) as AccountView).locale).toBe('de');
  }, 60_000);

  it("shows Keycloak's details, credentials and devices, saves names there, and leaves passwords and second factors to Keycloak's pages", async () => {
    const { peer } = await signedIn();
    const account = peer.app.service('account');
    const view = (await account.get('me')) as AccountView;
    expect(view).toMatchObject({
      editable: { names: true, phone: false, email: true },
      totp: true,
      totpCredentialId: 'otp-1',
      actions: ['UPDATE_PASSWORD', 'CONFIGURE_TOTP', 'webauthn-register'],
      securityKeys: [{ id: 'wa-1', label: 'YubiKey' }],
    });
    expect(view.devices.map((d) => [d.id, d.current])).toEqual([
      ['sess-here', true],
      ['sess-phone', false],
    ]);
    await account.patch('me', { firstName: 'Karin', lastName: 'Meier-Huber', telNr: '' });
    expect(keycloak.account.user.lastName).toBe('Meier-Huber');
    for (const change of [{ currentPassword: 'a', newPassword: 'b' }, { totp: 'begin' }, { securityKey: 'options' }, { securityKey: 'remove', id: 'wa-1' }]) {
      await expect(account.patch('me', change)).rejects.toMatchObject({ name: 'BadRequest', message: expect.stringContaining('Keycloak') });
    }
    expect(((await account.patch('me', { securityKey: 'rename', id: 'wa-1', label: 'Blue key' })) as AccountView).securityKeys[0]?.label).toBe('Blue key');
    const after = (await account.remove('others')) as AccountView;
    expect(after.devices.map((d) => d.id)).toEqual(['sess-here']);
    expect(keycloak.calls.some((c) => c.method === 'DELETE' && c.path === '/sessions')).toBe(true);
    await expect(account.get('someone-else')).rejects.toMatchObject({ name: 'NotFound' });
  }, 60_000);
});
