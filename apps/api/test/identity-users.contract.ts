import { randomBytes } from 'node:crypto';
import { toWireError } from '../src/gateway/error-mapping';
import type { IdentityActor, IdentityUsers, NewIdentityUser } from '../src/features/user-admin/identity-users.port';

export interface IdentityUsersFixture {
  users: IdentityUsers;
  /** Ids whose sessions the adapter ended (its endSessions callback). */
  ended: string[];
  /** Records a successful login the way the back end does it; absent where a test cannot log in. */
  login?: (userId: string) => Promise<void>;
  close(): Promise<void>;
}

const actor: IdentityActor = { userId: 'contract-admin', username: 'contract.admin' };

/** The refusal as the gateway answers it (Feathers error name and message), whichever way the adapter threw it. */
async function refusal(attempt: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await attempt;
  } catch (error) {
    return toWireError(error, () => undefined);
  }
  throw new Error('expected a refusal');
}

/**
 * One suite for every user directory behind the IdentityUsers port (the embedded provider, Keycloak).
 * Usernames are unique per run and every user made is removed afterwards, so the suite can run against a
 * live realm.
 */
export function identityUsersContract(name: string, make: () => Promise<IdentityUsersFixture>): void {
  describe(`${name} user directory (IdentityUsers contract)`, () => {
    let fixture: IdentityUsersFixture;
    let made: string[];
    const run = randomBytes(3).toString('hex');
    const person = (label: string, overrides: Partial<NewIdentityUser> = {}): NewIdentityUser => ({
      username: `ct.${label}.${run}`,
      firstName: 'Vera',
      lastName: `Kontrakt ${label}`,
      email: `ct.${label}.${run}@huber-partner.example`,
      telNr: '+43 512 556 77',
      locale: 'de',
      permissions: ['doc', 'lar'],
      klienten: [1002, 1001],
      all_clients: false,
      excluded: [],
      mobileApp: true,
      secondFactorRequired: false,
      password: 'Kontrakt 2026 sicher',
      ...overrides,
    });
    const create = async (user: NewIdentityUser) => {
      const created = await fixture.users.create(user, actor);
      made.push(created.id);
      return created;
    };

    beforeEach(async () => {
      fixture = await make();
      made = [];
    });
    afterEach(async () => {
      for (const id of made) await fixture.users.remove(id, actor).catch(() => undefined);
      await fixture.close();
    });

    it('creates a user with the spec columns, readable by id and in the list', async () => {
      const { id, oneTimePassword } = await create(person('create'));
      expect(oneTimePassword).toBeNull();
      const user = await fixture.users.get(id);
      expect(user).toMatchObject({
        id,
        username: `ct.create.${run}`,
        firstName: 'Vera',
        lastName: 'Kontrakt create',
        email: `ct.create.${run}@huber-partner.example`,
        telNr: '+43 512 556 77',
        locale: 'de',
        permissions: ['doc', 'lar'],
        klienten: [1001, 1002],
        all_clients: false,
        excluded: [],
        mobileApp: true,
        enabled: true,
        lastLogin: null,
        mustChangePassword: true,
      });
      expect((await fixture.users.list()).find((u) => u.id === id)).toEqual(user);
    });

    it('answers a generated one-time password once when none is given', async () => {
      const { id, oneTimePassword } = await create(person('generated', { password: null, permissions: [] }));
      expect(oneTimePassword).toMatch(/^\S{16}$/);
      expect(await fixture.users.get(id)).toMatchObject({ permissions: [], mustChangePassword: true });
    });

    it('refuses a taken username with a Conflict and a weak password as Unprocessable, creating nothing', async () => {
      await create(person('taken'));
      const before = (await fixture.users.list()).length;
      expect(await refusal(create(person('taken', { email: `other.${run}@huber-partner.example` })))).toMatchObject({
        name: 'Conflict',
        message: 'This username is already taken.',
      });
      expect(await refusal(create(person('weak', { password: 'kurz' })))).toMatchObject({ name: 'Unprocessable' });
      expect((await fixture.users.list()).length).toBe(before);
    });

    it('changes details, e-mail, locale, mobile app and permissions, and leaves the rest as it was', async () => {
      const { id } = await create(person('edit'));
      await fixture.users.update(
        id,
        {
          details: { firstName: 'Vroni', lastName: 'Geändert', telNr: '+43 662 1234' },
          email: `ct.edited.${run}@huber-partner.example`,
          locale: 'en',
          mobileApp: false,
        },
        actor,
      );
      expect(await fixture.users.get(id)).toMatchObject({
        firstName: 'Vroni',
        lastName: 'Geändert',
        telNr: '+43 662 1234',
        email: `ct.edited.${run}@huber-partner.example`,
        locale: 'en',
        mobileApp: false,
        permissions: ['doc', 'lar'],
        klienten: [1001, 1002],
        enabled: true,
      });
      await fixture.users.update(id, { access: { permissions: ['app', 'doc'], klienten: [1003], all_clients: false, excluded: [] } }, actor);
      expect(await fixture.users.get(id)).toMatchObject({
        firstName: 'Vroni',
        permissions: ['app', 'doc'],
        klienten: [1003],
        all_clients: false,
        mobileApp: false,
      });
      expect((await fixture.users.list()).find((u) => u.id === id)).toMatchObject({ permissions: ['app', 'doc'], klienten: [1003] });
    });

    it('gives all clients but the excluded ones, and back to assigned clients', async () => {
      const { id } = await create(person('all', { klienten: [], all_clients: true, excluded: [1005] }));
      expect(await fixture.users.get(id)).toMatchObject({ all_clients: true, klienten: [], excluded: [1005] });
      await fixture.users.update(id, { access: { permissions: ['doc'], klienten: [1004], all_clients: false, excluded: [] } }, actor);
      expect(await fixture.users.get(id)).toMatchObject({ all_clients: false, klienten: [1004], excluded: [], permissions: ['doc'] });
    });

    it('disables a user and ends their sessions; enabling lets them in again', async () => {
      const { id } = await create(person('disable'));
      await fixture.users.update(id, { enabled: false }, actor);
      expect(await fixture.users.get(id)).toMatchObject({ enabled: false, permissions: ['doc', 'lar'] });
      expect(fixture.ended).toContain(id);
      await fixture.users.update(id, { enabled: true }, actor);
      expect(await fixture.users.get(id)).toMatchObject({ enabled: true });
    });

    it('resets the password to a new one-time password that must be changed, and ends the sessions', async () => {
      const { id } = await create(person('reset'));
      const password = await fixture.users.resetPassword(id, actor);
      expect(password).toMatch(/^\S{16}$/);
      expect(await fixture.users.get(id)).toMatchObject({ mustChangePassword: true });
      expect(fixture.ended).toContain(id);
    });

    it('removes a user: gone by id and from the list, the username free again; removing again is no error', async () => {
      const first = await create(person('gone'));
      await fixture.users.remove(first.id, actor);
      expect(await fixture.users.get(first.id)).toBeNull();
      expect((await fixture.users.list()).some((u) => u.id === first.id)).toBe(false);
      expect(fixture.ended).toContain(first.id);
      await fixture.users.remove(first.id, actor);
      const again = await create(person('gone'));
      expect(again.id).not.toBe(first.id);
    });

    it('answers null for an unknown id and NotFound for a change to one', async () => {
      expect(await fixture.users.get('00000000-0000-4000-8000-000000000000')).toBeNull();
      expect(await refusal(fixture.users.update('00000000-0000-4000-8000-000000000000', { mobileApp: true }, actor))).toMatchObject({ name: 'NotFound' });
    });

    it("shows the last login from the provider's login events", async () => {
      const { id } = await create(person('login'));
      if (!fixture.login) {
        console.warn(`${name}: a test cannot log in here; the last-login check is left out`);
        return;
      }
      const before = Date.now();
      await fixture.login(id);
      const lastLogin = (await fixture.users.get(id))?.lastLogin;
      expect(Date.parse(lastLogin ?? '')).toBeGreaterThanOrEqual(before - 1000);
      expect((await fixture.users.list()).find((u) => u.id === id)?.lastLogin).toBe(lastLogin);
    });
  });
}
