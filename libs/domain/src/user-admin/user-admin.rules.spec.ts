import type { Permission } from '@portal/contracts';
import { checkUserAdmin, USER_ADMIN_TEXTS, type AdminActor, type UserAccess } from './user-admin.rules';

const kca: AdminActor = { userId: 'root', permissions: ['adm', 'kca', 'doc'], klienten: [], all_clients: true, excluded: [] };
const adm: AdminActor = { userId: 'office', permissions: ['adm', 'doc', 'rep', 'lar'], klienten: [1001, 1002], all_clients: false, excluded: [] };
const user = (permissions: Permission[], klienten: number[] = [1001], userId: string | null = 'u1'): UserAccess => ({
  userId,
  permissions,
  klienten,
  all_clients: false,
  excluded: [],
});
const allClients = (permissions: Permission[], excluded: number[] = []): UserAccess => ({
  userId: 'u1',
  permissions,
  klienten: [],
  all_clients: true,
  excluded,
});

describe('the kca/adm rules of the user manager', () => {
  describe('an identity-provider admin (kca)', () => {
    it('creates a user with every permission and all clients', () =>
      expect(() => checkUserAdmin(kca, 'create', null, allClients(['adm', 'kca', 'acc', 'wad']))).not.toThrow());
    it('edits an administrator and grants kca', () => expect(() => checkUserAdmin(kca, 'access', user(['adm']), user(['adm', 'kca']))).not.toThrow());
    it('disables and deletes other administrators', () => {
      expect(() => checkUserAdmin(kca, 'disable', user(['adm', 'kca']), null)).not.toThrow();
      expect(() => checkUserAdmin(kca, 'delete', user(['adm']), null)).not.toThrow();
    });
    it('cannot remove its own adm, disable or delete itself', () => {
      const me = { ...user(['adm', 'kca']), userId: 'root' };
      expect(() => checkUserAdmin(kca, 'access', me, { ...me, permissions: ['kca'] })).toThrow(USER_ADMIN_TEXTS.ownAdm);
      expect(() => checkUserAdmin(kca, 'disable', me, null)).toThrow(USER_ADMIN_TEXTS.ownDisable);
      expect(() => checkUserAdmin(kca, 'delete', me, null)).toThrow(USER_ADMIN_TEXTS.ownDelete);
    });
  });

  describe('an administrator without kca', () => {
    it('creates a user with a subset of its own codes and clients', () =>
      expect(() => checkUserAdmin(adm, 'create', null, user(['doc', 'rep'], [1002], null))).not.toThrow());
    it('may not grant adm or kca', () => {
      expect(() => checkUserAdmin(adm, 'create', null, user(['adm'], [1001], null))).toThrow(USER_ADMIN_TEXTS.guardedGrant);
      expect(() => checkUserAdmin(adm, 'access', user(['doc']), user(['doc', 'kca']))).toThrow(USER_ADMIN_TEXTS.guardedGrant);
    });
    it('may not grant a code it does not hold', () =>
      expect(() => checkUserAdmin(adm, 'access', user(['doc']), user(['doc', 'acc']))).toThrow(USER_ADMIN_TEXTS.widerGrant));
    it('may not change a user who holds adm or kca, in any way', () => {
      for (const action of ['edit', 'enable', 'disable', 'reset-password', 'require-second-factor', 'delete'] as const) {
        expect(() => checkUserAdmin(adm, action, user(['adm', 'doc']), null)).toThrow(USER_ADMIN_TEXTS.guardedHolder);
      }
    });
    it('may not change a user who holds a code it does not hold', () =>
      expect(() => checkUserAdmin(adm, 'reset-password', user(['doc', 'acc']), null)).toThrow(USER_ADMIN_TEXTS.widerHolder));
    it('changes users within its own codes', () => expect(() => checkUserAdmin(adm, 'disable', user(['doc', 'lar']), null)).not.toThrow());
    it('may not give all clients or a client it does not have', () => {
      expect(() => checkUserAdmin(adm, 'access', user(['doc']), { ...user(['doc']), klienten: [], all_clients: true })).toThrow(USER_ADMIN_TEXTS.widerClients);
      expect(() => checkUserAdmin(adm, 'access', user(['doc']), user(['doc'], [1001, 1005]))).toThrow(USER_ADMIN_TEXTS.widerClients);
    });
    it('may remove a code while leaving clients it does not have untouched', () =>
      expect(() => checkUserAdmin(adm, 'access', user(['doc', 'rep'], [1005]), user(['doc'], [1005]))).not.toThrow());
    it('edits its own details but cannot remove its own adm', () => {
      const me: UserAccess = { ...user(['adm', 'doc', 'rep', 'lar'], [1001, 1002]), userId: 'office' };
      expect(() => checkUserAdmin(adm, 'edit', me, me)).not.toThrow();
      expect(() => checkUserAdmin(adm, 'access', me, { ...me, permissions: ['doc'] })).toThrow(USER_ADMIN_TEXTS.ownAdm);
    });
  });

  it('refuses a user without adm or kca', () => {
    const clerk: AdminActor = { userId: 'c', permissions: ['doc'], klienten: [1001], all_clients: false, excluded: [] };
    expect(() => checkUserAdmin(clerk, 'create', null, user(['doc'], [1001], null))).toThrow(USER_ADMIN_TEXTS.needsAdmin);
  });

  it('lets an administrator with all clients but one not give that one to anybody', () => {
    const partial: AdminActor = { ...adm, all_clients: true, klienten: [], excluded: [1006] };
    expect(() => checkUserAdmin(partial, 'access', user(['doc']), user(['doc'], [1006]))).toThrow(USER_ADMIN_TEXTS.widerClients);
    expect(() => checkUserAdmin(partial, 'access', user(['doc']), allClients(['doc']))).toThrow(USER_ADMIN_TEXTS.widerClients);
    expect(() => checkUserAdmin(partial, 'access', user(['doc']), allClients(['doc'], [1006, 1003]))).not.toThrow();
  });
});
