import type { User } from '@portal/contracts';
import { FakeKeycloak, keycloakAccountOf } from '../../../test/fake-keycloak';
import type { AccountCaller } from './account-port';
import { KeycloakAccount } from './keycloak-account';

const SUBJECT = '6f1c2c9e-0000-4000-8000-00000000kc01';
const user: User = {
  keycloakId: SUBJECT,
  username: 'k.meier',
  permissions_array: ['doc'],
  firstName: 'Karin',
  lastName: 'Meier',
  email: 'k.meier@kanzlei.example',
  locale: 'en',
  klienten_array: [1001],
  all_clients: false,
  favClient: 1001,
  enabled: true,
};

describe("the Keycloak account adapter (against a local server answering Keycloak's account REST replies)", () => {
  let keycloak: FakeKeycloak;
  let adapter: KeycloakAccount;
  let caller: AccountCaller;

  beforeEach(async () => {
    keycloak = new FakeKeycloak('tax-portal', keycloakAccountOf(SUBJECT));
    await keycloak.start();
    adapter = new KeycloakAccount({ realmUrl: keycloak.issuer });
    caller = { user, accessToken: await keycloak.token({ sub: SUBJECT, sid: 'sess-here' }), sessionId: 'sess-here' };
  });
  afterEach(() => keycloak.stop());

  it("reads details, credentials and devices with the user's own token, and offers Keycloak's actions", async () => {
    const account = await adapter.read(caller);
    expect(account).toMatchObject({
      username: 'k.meier',
      firstName: 'Karin',
      lastName: 'Meier',
      email: 'k.meier@kanzlei.example',
      pendingEmail: null,
      telNr: '',
      editable: { names: true, phone: false, email: true },
      passwordChangedAt: '2026-02-01T08:00:00.000Z',
      totp: true,
      totpCredentialId: 'otp-1',
      recoveryCodesLeft: 0,
      securityKeys: [{ id: 'wa-1', label: 'YubiKey', createdAt: '2026-02-03T08:00:00.000Z', lastUsedAt: null }],
      actions: ['UPDATE_PASSWORD', 'CONFIGURE_TOTP', 'webauthn-register'],
    });
    expect(account.devices).toEqual([
      { id: 'sess-here', browser: 'Chrome', os: 'Windows', address: '10.0.0.5', firstSeen: expect.any(String), lastSeen: expect.any(String), current: true },
      {
        id: 'sess-phone',
        browser: 'Mobile Safari',
        os: 'iOS',
        address: '10.0.0.9',
        firstSeen: expect.any(String),
        lastSeen: expect.any(String),
        current: false,
      },
    ]);
    expect(keycloak.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['GET /?userProfileMetadata=true', 'GET /credentials', 'GET /sessions/devices']);
  });

  it('saves names with the whole representation (Keycloak clears what is left out) and refuses what Keycloak refuses', async () => {
    await adapter.changeDetails(caller, { firstName: ' Karin ', lastName: 'Meier-Huber', telNr: '+43 1 234' });
    const saved = keycloak.calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(saved).toMatchObject({
      id: SUBJECT,
      username: 'k.meier',
      email: 'k.meier@kanzlei.example',
      firstName: 'Karin',
      lastName: 'Meier-Huber',
      attributes: { locale: ['en'] },
    });
    expect(saved).not.toHaveProperty('userProfileMetadata');
    await expect(adapter.changeEmail(caller, 'kein-at')).rejects.toMatchObject({ name: 'Unprocessable', message: 'email: invalidEmailMessage' });
    await adapter.changeEmail(caller, 'karin@kanzlei.example');
    expect((await adapter.read(caller)).email).toBe('karin@kanzlei.example');
  });

  it('keeps the phone number in the declared phoneNumber attribute, and offers no name field Keycloak marks read-only', async () => {
    const meta = keycloak.account.user.userProfileMetadata as { attributes: Array<{ name: string; readOnly?: boolean }> };
    meta.attributes.push({ name: 'phoneNumber' });
    await adapter.changeDetails(caller, { firstName: 'Karin', lastName: 'Meier', telNr: '+43 1 234' });
    expect(await adapter.read(caller)).toMatchObject({ telNr: '+43 1 234', editable: { phone: true } });
    meta.attributes.find((a) => a.name === 'lastName')!.readOnly = true;
    expect((await adapter.read(caller)).editable.names).toBe(false);
    await expect(adapter.changeDetails(caller, { firstName: 'K', lastName: 'M', telNr: '' })).rejects.toMatchObject({ name: 'BadRequest' });
  });

  it("renames a security key with a JSON string, and answers NotFound for a key that is not the user's", async () => {
    await adapter.renameSecurityKey(caller, 'wa-1', 'Blue key');
    expect(keycloak.calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', path: '/credentials/wa-1/label', body: 'Blue key' });
    expect((await adapter.read(caller)).securityKeys[0]?.label).toBe('Blue key');
    await expect(adapter.renameSecurityKey(caller, 'nope', 'x')).rejects.toMatchObject({ name: 'NotFound' });
    await expect(adapter.renameSecurityKey(caller, 'wa-1', '')).rejects.toMatchObject({ name: 'Unprocessable' });
  });

  it('signs out one other session or every other one, never this one, and names the ended sessions', async () => {
    await expect(adapter.signOut(caller, 'sess-here')).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(adapter.signOut(caller, 'sess-unknown')).rejects.toMatchObject({ name: 'NotFound' });
    expect(await adapter.signOut(caller, 'others')).toEqual(['sess-phone']);
    expect(keycloak.calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/sessions', body: undefined }]);
    expect((await adapter.read(caller)).devices.map((d) => d.id)).toEqual(['sess-here']);
  });

  it('explains a refused token and an unreachable Keycloak', async () => {
    await expect(adapter.read({ ...caller, accessToken: 'not-from-keycloak' })).rejects.toMatchObject({
      name: 'Forbidden',
      message: expect.stringContaining('"account" audience'),
    });
    await keycloak.stop();
    await expect(new KeycloakAccount({ realmUrl: keycloak.issuer, timeoutMs: 2000 }).read(caller)).rejects.toMatchObject({ name: 'Unavailable' });
  });
});
