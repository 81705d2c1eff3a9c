import type { IdpUser } from '@portal/contracts';
import { indexUser, parseUserQuery, queryUsers } from './idp-user-query';

const user = (username: string, over: Partial<IdpUser> = {}): IdpUser => ({
  id: username,
  username,
  email: `${username}@example.at`,
  lastName: username.toUpperCase(),
  firstName: '',
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
  ...over,
});
const USERS = [
  user('zoe', { lastLogin: '2026-11-01T00:00:00Z', permissions: ['adm', 'doc'] }),
  user('anna', { all_clients: true, excluded: [1002], klienten: [] }),
  user('bert', { enabled: false, klienten: [1002], lastLogin: '2026-10-01T00:00:00Z' }),
].map(indexUser);
const names = (query: Record<string, unknown>) => queryUsers(USERS, parseUserQuery(query)).data.map((u) => u.username);

describe('the user manager query', () => {
  it('sorts by username by default and by any spec column, empty values last in both directions', () => {
    expect(names({})).toEqual(['anna', 'bert', 'zoe']);
    expect(names({ $sort: { lastLogin: -1 } })).toEqual(['zoe', 'bert', 'anna']);
    expect(names({ $sort: { lastLogin: '1' } })).toEqual(['bert', 'zoe', 'anna']);
  });

  it('filters by words, permission, reached client (exclusions count) and enabled, and pages', () => {
    expect(names({ $search: 'ZOE@exa' })).toEqual(['zoe']);
    expect(names({ permissions: { $in: ['adm'] } })).toEqual(['zoe']);
    expect(names({ klienten: '1002' })).toEqual(['bert']);
    expect(names({ klienten: 1001 })).toEqual(['anna', 'zoe']);
    expect(names({ enabled: 'false' })).toEqual(['bert']);
    expect(queryUsers(USERS, parseUserQuery({ $skip: 1, $limit: 1 }))).toMatchObject({ total: 3, skip: 1, limit: 1, data: [{ username: 'bert' }] });
  });

  it('refuses unknown fields, operators, two sort fields and pages over the limit as a BadRequest', () => {
    for (const bad of [
      { role: 'x' },
      { permissions: 'xyz' },
      { $sort: { password: 1 } },
      { $sort: { username: 1, email: 1 } },
      { $limit: 501 },
      { klienten: { $gt: 1 } },
      { $search: 'x'.repeat(101) },
    ]) {
      expect(() => parseUserQuery(bad)).toThrow(expect.objectContaining({ name: 'BadRequest' }));
    }
  });
});
