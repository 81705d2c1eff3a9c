import type { Permission } from '@portal/contracts';
import { maySeeUser, reachesClient } from './administrator-reach';
import type { AdminActor, UserAccess } from './user-admin.rules';

const kca: AdminActor = { userId: 'admin', permissions: ['adm', 'kca', 'doc'], klienten: [], all_clients: true, excluded: [] };
const office: AdminActor = {
  userId: 'office',
  permissions: ['adm', 'app', 'doc', 'lar', 'ove'],
  klienten: [1001, 1002, 1003],
  all_clients: false,
  excluded: [],
};
const clerkActor: AdminActor = { userId: 'clerk', permissions: ['doc', 'lar'], klienten: [1004, 1005], all_clients: false, excluded: [] };
const user = (userId: string, permissions: Permission[], klienten: number[], all_clients = false, excluded: number[] = []): UserAccess => ({
  userId,
  permissions,
  klienten,
  all_clients,
  excluded,
});

describe('which users an administrator may see', () => {
  const accountant = user('accountant', ['acc', 'doc'], [1001, 1002, 1003]);
  const clerk = user('clerk', ['doc', 'lar'], [1004, 1005]);
  const mixed = user('mixed', ['doc'], [1003, 1004]);
  const firmAdmin = user('admin', ['adm', 'kca'], [], true);
  const narrowKca = user('narrow-kca', ['kca'], [1001]);
  const partner = user('partner', ['doc'], [], true, [1005]);

  it('gives an identity-provider administrator (kca) every user', () => {
    for (const u of [accountant, clerk, mixed, firmAdmin, narrowKca, partner]) expect(maySeeUser(kca, u)).toBe(true);
  });

  it('gives an administrator without kca only the users whose clients are all its own', () => {
    expect(maySeeUser(office, accountant)).toBe(true);
    expect(maySeeUser(office, clerk)).toBe(false);
    expect(maySeeUser(office, mixed)).toBe(false);
    expect(maySeeUser(office, partner)).toBe(false);
  });

  it('never gives an administrator without kca a kca holder, even one within its clients', () => {
    expect(maySeeUser(office, firmAdmin)).toBe(false);
    expect(maySeeUser(office, narrowKca)).toBe(false);
  });

  it('lets everybody see themselves and nobody else without adm or kca', () => {
    expect(maySeeUser(office, user('office', ['adm'], [1001, 1002, 1003]))).toBe(true);
    expect(maySeeUser(clerkActor, clerk)).toBe(true);
    expect(maySeeUser(clerkActor, user('other', ['doc'], [1004]))).toBe(false);
  });
});

describe('which clients a record may belong to for the actor to reach it', () => {
  it('reaches its own clients only', () => {
    expect(reachesClient(office, 1002)).toBe(true);
    expect(reachesClient(office, 1004)).toBe(false);
  });

  it('reaches a firm-wide record (no client) only with every client', () => {
    expect(reachesClient(office, null)).toBe(false);
    expect(reachesClient(kca, null)).toBe(true);
    expect(reachesClient({ klienten: [], all_clients: true, excluded: [1005] }, null)).toBe(false);
  });

  it('reaches every client but the excluded ones with all clients', () => {
    const partner = { klienten: [], all_clients: true, excluded: [1005] };
    expect(reachesClient(partner, 1004)).toBe(true);
    expect(reachesClient(partner, 1005)).toBe(false);
  });
});
