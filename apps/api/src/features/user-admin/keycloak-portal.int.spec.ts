import type { IdpUser, IdpUserWithPassword, Paginated } from '@portal/contracts';
import { connectFeathers, type FeathersPeer } from '@portal/tools';
import { startPortalProcess, type PortalProcess } from '@portal/tools';
import { FakeKeycloakAdmin, realmFileProfile } from '../../../test/fake-keycloak-admin';

const profile = realmFileProfile();
const keycloak = new FakeKeycloakAdmin({
  realm: profile.realm,
  clientId: 'tax-portal-admin',
  clientSecret: 'portal-admin-secret',
  roles: profile.roles,
  declared: profile.declared,
});
let portal: PortalProcess;
const peers: FeathersPeer[] = [];
jest.setTimeout(120_000);

beforeAll(async () => {
  await keycloak.start();
  portal = await startPortalProcess({
    env: { PORTAL_SEED_DOCUMENTS: '0', OIDC_ISSUER: keycloak.issuer, KEYCLOAK_ADMIN_URL: keycloak.url, KEYCLOAK_ADMIN_CLIENT_SECRET: 'portal-admin-secret' },
  });
}, 180_000);

afterAll(async () => {
  for (const peer of peers) peer.close();
  await portal?.stop();
  await keycloak.stop();
});

async function signedIn(subject: string, claims: Record<string, unknown>): Promise<FeathersPeer> {
  const peer = connectFeathers(portal.url);
  peers.push(peer);
  await peer.app.authenticate({ strategy: 'jwt', accessToken: await keycloak.accessToken(subject, claims) });
  return peer;
}

describe('the portal with Keycloak as identity provider (KEYCLOAK_ADMIN_URL set)', () => {
  it("offers the user manager over Keycloak's admin API: create, list, change permissions, and the kca/adm rules hold", async () => {
    const adminId = keycloak.seed('kc.admin', ['adm', 'kca', 'doc'], { all_clients: ['true'] });
    const admin = await signedIn(adminId, { preferred_username: 'kc.admin', realm_access: { roles: ['adm', 'kca', 'doc'] }, all_clients: true });
    const users = admin.app.service('idp-users');
    const created = (await users.create({
      username: 'kc.clerk',
      firstName: 'Klara',
      lastName: 'Kern',
      email: 'k.kern@huber-partner.example',
      telNr: '',
      locale: 'de',
      permissions: ['doc', 'lar'],
      klienten: [1002],
      mobileApp: true,
    })) as IdpUserWithPassword;
    expect(created).toMatchObject({
      username: 'kc.clerk',
      permissions: ['doc', 'lar'],
      klienten: [1002],
      mobileApp: true,
      mustChangePassword: true,
      oneTimePassword: expect.stringMatching(/^\S{16}$/),
    });
    expect(keycloak.storedAttributes(created.id)).toMatchObject({ klienten: ['1002'], mobileApp: ['true'] });

    const listed = (await users.find({ query: { permissions: 'lar' } })) as Paginated<IdpUser>;
    expect(listed.data.map((u) => u.username)).toEqual(['kc.clerk']);
    const changed = (await users.patch(created.id, { permissions: ['doc'] })) as IdpUser;
    expect(changed.permissions).toEqual(['doc']);
    await expect(users.patch(adminId, { permissions: ['doc'] })).rejects.toMatchObject({
      name: 'Forbidden',
      message: 'You cannot remove your own adm permission.',
    });

    const clerk = await signedIn(created.id, { preferred_username: 'kc.clerk', realm_access: { roles: ['doc'] }, klienten_array: [1002] });
    await expect(clerk.app.service('idp-users').find({ query: {} })).rejects.toMatchObject({ name: 'Forbidden' });
  });
});
