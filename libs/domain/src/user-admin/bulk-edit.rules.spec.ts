import { planBulkEdit, type BulkUser } from './bulk-edit.rules';
import { USER_ADMIN_TEXTS, type AdminActor } from './user-admin.rules';

const kca: AdminActor = { userId: 'root', permissions: ['adm', 'kca'], klienten: [], all_clients: true, excluded: [] };
const adm: AdminActor = { userId: 'office', permissions: ['adm', 'doc', 'rep'], klienten: [], all_clients: true, excluded: [] };
const u = (userId: string, permissions: BulkUser['permissions'], klienten: number[], all_clients = false, excluded: number[] = []): BulkUser => ({
  userId,
  username: userId,
  permissions,
  klienten,
  all_clients,
  excluded,
});
const none = { addPermissions: [], removePermissions: [], addClients: [], removeClients: [] };

describe('bulk edit of users', () => {
  it('removes a permission from three users and shows per user what changes', () => {
    const rows = planBulkEdit(kca, [u('a', ['doc', 'rep'], [1001]), u('b', ['rep'], [1002]), u('c', ['doc'], [1003])], { ...none, removePermissions: ['rep'] });
    expect(rows.map((r) => [r.username, r.outcome, r.removed.permissions])).toEqual([
      ['a', 'changed', ['rep']],
      ['b', 'changed', ['rep']],
      ['c', 'unchanged', []],
    ]);
    expect(rows[0]!.after.permissions).toEqual(['doc']);
  });

  it('adds and removes client assignments; for a user with all clients it excludes and re-includes', () => {
    const rows = planBulkEdit(kca, [u('a', ['doc'], [1001]), u('b', ['doc'], [], true, [1004])], { ...none, addClients: [1004], removeClients: [1001] });
    expect(rows[0]!.after).toMatchObject({ klienten: [1004], all_clients: false });
    expect(rows[0]!.added.clients).toEqual([1004]);
    expect(rows[0]!.removed.clients).toEqual([1001]);
    expect(rows[1]!.after).toMatchObject({ all_clients: true, excluded: [1001] });
    expect(rows[1]!.added.clients).toEqual([1004]);
    expect(rows[1]!.removed.clients).toEqual([1001]);
  });

  it('marks the users the rules protect as refused, with the rule, and changes the others', () => {
    const rows = planBulkEdit(adm, [u('boss', ['adm', 'doc'], [1001]), u('clerk', ['doc'], [1001])], { ...none, addPermissions: ['rep'] });
    expect(rows[0]).toMatchObject({ outcome: 'refused', reason: USER_ADMIN_TEXTS.guardedHolder });
    expect(rows[1]).toMatchObject({ outcome: 'changed', reason: null });
  });

  it('a code both added and removed is removed', () => {
    const [row] = planBulkEdit(kca, [u('a', ['doc'], [])], { ...none, addPermissions: ['doc'], removePermissions: ['doc'] });
    expect(row!.after.permissions).toEqual([]);
  });
});
