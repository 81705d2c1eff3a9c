import { none, type MatrixFeature } from './matrix-types';
import { call } from '../../harness/clients';

const ADMINS = ['adm', 'kca'] as const;
/** The user the admin's `remove` row deletes (created in prepare). */
const victim = { id: '' };

/**
 * user-admin (services idp-users and idp-user-bulk): every method needs adm or kca. The kca/adm rules between
 * administrators are in idp-users.int.spec.ts (the demo has one administrator, who holds both).
 */
export const userAdminMatrix: MatrixFeature = {
  name: 'user-admin',
  async prepare(admin) {
    const [error, created] = await call(admin, 'create', [
      'idp-users',
      { username: `matrix-victim-${Date.now()}`, email: 'victim@matrix.example', permissions: ['doc'], klienten: [1001] },
      {},
    ]);
    if (error) throw new Error(`idp-users matrix prepare: ${error.message}`);
    victim.id = (created as { id: string }).id;
  },
  rows: [
    { service: 'idp-users', method: 'find', gate: [...ADMINS], scope: 'firm', call: () => [{ $limit: 10, $sort: { username: 1 } }] },
    { service: 'idp-users', method: 'get', gate: [...ADMINS], scope: 'other-user', call: (t) => [t.userId, {}] },
    {
      service: 'idp-users',
      method: 'create',
      gate: [...ADMINS],
      scope: 'firm',
      call: (t) => [{ username: `matrix-${t.year}`, email: `m${t.year}@matrix.example`, permissions: ['doc'], klienten: [1001] }, {}],
    },
    { service: 'idp-users', method: 'patch', gate: [...ADMINS], scope: 'other-user', call: (t) => [t.userId, { mobileApp: false }, {}] },
    { service: 'idp-users', method: 'remove', gate: [...ADMINS], scope: 'firm', call: () => [victim.id, {}] },
    ...none('idp-users', 'update'),
    {
      service: 'idp-user-bulk',
      method: 'create',
      gate: [...ADMINS],
      scope: 'firm',
      note: 'preview',
      call: (t) => [{ userIds: [t.userId], addPermissions: ['doc'], preview: true }, {}],
    },
    ...none('idp-user-bulk', 'find', 'get', 'update', 'patch', 'remove'),
  ],
};
