import { resolveKeycloakAdminConfig, type KeycloakAdminConfig } from './keycloak-admin-config';
import { connectKeycloakIdentityUsers } from './keycloak-identity-users';
import { identityUsersContract } from '../../../test/identity-users.contract';
import { FakeKeycloakAdmin, realmFileProfile } from '../../../test/fake-keycloak-admin';

const profile = realmFileProfile();
const SECRET = 'fake-admin-secret';

async function fakeKeycloak(options: { tokenTtlSeconds?: number; secret?: string } = {}) {
  const server = new FakeKeycloakAdmin({
    realm: profile.realm,
    clientId: 'tax-portal-admin',
    clientSecret: SECRET,
    roles: profile.roles,
    declared: profile.declared,
    ...(options.tokenTtlSeconds ? { tokenTtlSeconds: options.tokenTtlSeconds } : {}),
  });
  const url = await server.start();
  const config: KeycloakAdminConfig = { url, realm: profile.realm, clientId: 'tax-portal-admin', clientSecret: options.secret ?? SECRET, timeoutMs: 5000 };
  const ended: string[] = [];
  const users = await connectKeycloakIdentityUsers(config, (id) => ended.push(id));
  return { server, users, ended, login: async (id: string) => server.login(id), close: () => server.stop() };
}

// The adapter against a local server answering Keycloak's documented admin API replies.
identityUsersContract('Keycloak (local admin API server)', fakeKeycloak);

// The adapter against a real Keycloak: KEYCLOAK_ADMIN_URL, KEYCLOAK_ADMIN_CLIENT_SECRET (and KEYCLOAK_ADMIN_REALM, KEYCLOAK_ADMIN_CLIENT_ID).
const live = resolveKeycloakAdminConfig(process.env, { kind: 'keycloak', realm: profile.realm });
if (live) {
  identityUsersContract('Keycloak (live, KEYCLOAK_ADMIN_URL)', async () => {
    const ended: string[] = [];
    return { users: await connectKeycloakIdentityUsers(live, (id) => ended.push(id)), ended, close: async () => undefined };
  });
} else {
  describe('Keycloak (live)', () => {
    it.skip('runs the contract against a real Keycloak only when KEYCLOAK_ADMIN_URL (and KEYCLOAK_ADMIN_CLIENT_SECRET) is set', () => undefined);
  });
}

describe('the Keycloak user directory against the admin API', () => {
  let fake: Awaited<ReturnType<typeof fakeKeycloak>>;
  afterEach(() => fake.close());

  it('keeps the portal attributes in attributes the realm profile declares, with values its validations accept', async () => {
    fake = await fakeKeycloak();
    const { id } = await fake.users.create(
      {
        username: 'attr.user',
        firstName: 'A',
        lastName: 'B',
        email: 'attr@example.at',
        telNr: '+43 1 234',
        locale: 'en',
        permissions: ['doc'],
        klienten: [],
        all_clients: true,
        excluded: [1005, 1003],
        mobileApp: true,
        secondFactorRequired: true,
        password: null,
      },
      { userId: 'a', username: 'a' },
    );
    expect(fake.server.storedAttributes(id)).toEqual({
      all_clients: ['true'],
      excluded_klienten: ['1005', '1003'],
      klienten: [],
      mobileApp: ['true'],
      telNr: ['+43 1 234'],
      locale: ['en'],
    });
    expect(await fake.users.get(id)).toMatchObject({ excluded: [1003, 1005], secondFactorRequired: true, mustChangePassword: true });
    expect(fake.server.passwordOf(id)).toEqual({ value: expect.stringMatching(/^\S{16}$/), temporary: true });
  });

  it('reads users and role members page by page and takes the newest LOGIN event per user', async () => {
    fake = await fakeKeycloak();
    const ids = Array.from({ length: 1201 }, (_, i) =>
      fake.server.seed(`bulk.${String(i).padStart(4, '0')}`, i % 2 === 0 ? ['doc', 'offline_access'] : ['lar'], { klienten: [String(1001 + (i % 3))] }),
    );
    fake.server.login(ids[1200]!, Date.parse('2026-03-01T08:00:00Z'));
    fake.server.login(ids[1200]!, Date.parse('2026-03-02T09:30:00Z'));
    const users = await fake.users.list();
    expect(users).toHaveLength(1201);
    expect(users.find((u) => u.id === ids[1200])).toMatchObject({
      username: 'bulk.1200',
      permissions: ['doc'],
      klienten: [1001],
      lastLogin: '2026-03-02T09:30:00.000Z',
    });
    expect(users.find((u) => u.id === ids[1199])).toMatchObject({ permissions: ['lar'], klienten: [1003], lastLogin: null });
    expect(fake.server.requests.filter((r) => r === `GET /admin/realms/${profile.realm}/roles/doc/users`)).toHaveLength(2);
  });

  it('signs in once with client credentials and again when the token has run out', async () => {
    fake = await fakeKeycloak();
    await fake.users.list();
    await fake.users.list();
    const tokenRequests = () => fake.server.requests.filter((r) => r.endsWith('/protocol/openid-connect/token')).length;
    expect(tokenRequests()).toBe(1);
    await fake.close();
    // A token shorter-lived than the client's 5 s margin has run out before the next request.
    fake = await fakeKeycloak({ tokenTtlSeconds: 3 });
    await fake.users.list();
    const afterFirst = tokenRequests();
    await fake.users.list();
    expect(tokenRequests()).toBeGreaterThan(afterFirst);
  });

  it('refuses to work with a wrong client secret', async () => {
    fake = await fakeKeycloak({ secret: 'wrong' });
    await expect(fake.users.list()).rejects.toThrow(/Invalid client or Invalid client credentials|unauthorized_client/);
  });

  it('refuses a permission the realm has no role for, and creates nothing', async () => {
    fake = await fakeKeycloak();
    fake.server.seed('keeper');
    const refused = fake.users.create(
      {
        username: 'norole',
        firstName: '',
        lastName: 'N',
        email: 'n@example.at',
        telNr: '',
        locale: 'de',
        permissions: ['doc', 'zzz' as 'doc'],
        klienten: [1001],
        all_clients: false,
        excluded: [],
        mobileApp: false,
        secondFactorRequired: false,
        password: null,
      },
      { userId: 'a', username: 'a' },
    );
    await expect(refused).rejects.toMatchObject({ name: 'Unprocessable' });
    expect((await fake.users.list()).map((u) => u.username)).toEqual(['keeper']);
  });

  it('ends the Keycloak sessions of a disabled user', async () => {
    fake = await fakeKeycloak();
    const id = fake.server.seed('leaving', ['doc']);
    await fake.users.update(id, { enabled: false }, { userId: 'a', username: 'a' });
    expect(fake.server.loggedOut).toEqual([id]);
    expect(fake.ended).toEqual([id]);
  });
});

describe('the Keycloak admin settings', () => {
  const identity = { kind: 'keycloak' as const, realm: 'tax-portal' };

  it('are off without KEYCLOAK_ADMIN_URL or with the embedded provider', () => {
    expect(resolveKeycloakAdminConfig({}, identity)).toBeNull();
    expect(resolveKeycloakAdminConfig({ KEYCLOAK_ADMIN_URL: 'http://keycloak:8080' }, { kind: 'embedded' })).toBeNull();
  });

  it("take the issuer's realm and the default client unless set, and need the secret", () => {
    expect(resolveKeycloakAdminConfig({ KEYCLOAK_ADMIN_URL: 'http://keycloak:8080/', KEYCLOAK_ADMIN_CLIENT_SECRET: 's' }, identity)).toEqual({
      url: 'http://keycloak:8080',
      realm: 'tax-portal',
      clientId: 'tax-portal-admin',
      clientSecret: 's',
      timeoutMs: 10_000,
    });
    expect(() => resolveKeycloakAdminConfig({ KEYCLOAK_ADMIN_URL: 'http://keycloak:8080' }, identity)).toThrow(/KEYCLOAK_ADMIN_CLIENT_SECRET/);
    expect(() => resolveKeycloakAdminConfig({ KEYCLOAK_ADMIN_URL: 'keycloak', KEYCLOAK_ADMIN_CLIENT_SECRET: 's' }, identity)).toThrow(/KEYCLOAK_ADMIN_URL/);
  });
});
