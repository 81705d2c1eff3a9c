import type { IdpUser } from '@portal/contracts';
import { flush } from '../../test-support/fake-socket';
import { makeRoot, portalSocket } from '../../test-support/fixtures';
import { USER_PAGE, UserAdminStore } from './UserAdminStore';

const TOTAL = 450;
const userRow = (i: number): IdpUser => ({
  id: `u-${i}`,
  username: `user.${String(i).padStart(4, '0')}`,
  email: `u${i}@example.at`,
  lastName: 'L',
  firstName: 'F',
  telNr: '',
  klienten: [1001],
  all_clients: false,
  excluded: [],
  permissions: ['doc'],
  mobileApp: false,
  lastLogin: null,
  enabled: true,
  locale: 'de',
  failedLogins: 0,
  lastFailedLogin: null,
  lockedUntil: null,
  totp: false,
  securityKeys: 0,
  secondFactorRequired: false,
  mustChangePassword: false,
  createdAt: null,
  editable: true,
});

async function listing() {
  const socket = portalSocket();
  const finds: Array<Record<string, unknown>> = [];
  socket.handle('find', 'idp-users', (query: Record<string, unknown>) => {
    finds.push(query);
    const skip = Number(query.$skip ?? 0);
    const limit = Number(query.$limit);
    return { total: TOTAL, skip, limit, data: Array.from({ length: Math.max(0, Math.min(limit, TOTAL - skip)) }, (_, i) => userRow(skip + i)) };
  });
  const t = makeRoot({ socket });
  await t.root.session.login('token-1');
  const store = new UserAdminStore(t.root);
  const stop = store.activate();
  await flush();
  return { store, finds, stop };
}

describe('UserAdminStore paging as the user scrolls', () => {
  it('loads the first page, then the next ones at the end of the list until every user is there', async () => {
    const { store, finds, stop } = await listing();
    expect(store.users.items).toHaveLength(USER_PAGE);
    store.loadMore();
    store.loadMore(); // a second call while the page loads asks nothing
    await flush();
    expect(finds.map((q) => q.$skip)).toEqual([0, USER_PAGE]);
    expect(store.users.items.map((r) => r.id).slice(USER_PAGE - 1, USER_PAGE + 1)).toEqual([`u-${USER_PAGE - 1}`, `u-${USER_PAGE}`]);
    store.loadMore();
    await flush();
    expect(store.users.items).toHaveLength(TOTAL);
    expect(store.users.hasMore).toBe(false);
    store.loadMore();
    await flush();
    expect(finds).toHaveLength(3);
    stop();
  });

  it('starts again from the first page when a filter changes', async () => {
    const { store, finds, stop } = await listing();
    store.loadMore();
    await flush();
    store.setPermission('lar');
    await flush();
    expect(finds.at(-1)).toMatchObject({ $skip: 0, permissions: 'lar' });
    expect(store.users.items).toHaveLength(USER_PAGE);
    stop();
  });
});
