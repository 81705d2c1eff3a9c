import { bulkEditConflicts } from './user-admin';

describe('a bulk edit of users', () => {
  it('names each code and client it both adds and removes', () => {
    expect(bulkEditConflicts({ addPermissions: ['doc', 'rep'], removePermissions: ['rep', 'adm'], addClients: [1001, 1002], removeClients: [1002] })).toEqual({
      permissions: ['rep'],
      clients: [1002],
    });
  });

  it('has no conflict when what it adds and what it removes differ', () => {
    expect(bulkEditConflicts({ addPermissions: ['doc'], removePermissions: ['adm'], addClients: [1001], removeClients: [1003] })).toEqual({
      permissions: [],
      clients: [],
    });
  });
});
