import { ALL_PERMISSIONS, BadRequest, IDP_USER_SORT_FIELDS, type IdpUser, type IdpUserSortField, type Paginated, type Permission } from '@portal/contracts';
import { z } from 'zod';
import { validate } from '../validate';

export const MAX_USER_PAGE = 500;
const DEFAULT_USER_PAGE = 100;

const permission = z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]]);
const boolish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const count = (max: number) => z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().min(0).max(max));

const querySchema = z.strictObject({
  $search: z.string().max(100).optional(),
  permissions: z.union([permission, z.strictObject({ $in: z.array(permission).max(20) })]).optional(),
  klienten: z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().positive())
    .optional(),
  enabled: boolish.optional(),
  $sort: z.partialRecord(z.enum(IDP_USER_SORT_FIELDS), z.union([z.literal(1), z.literal(-1), z.enum(['1', '-1']).transform(Number)])).optional(),
  $skip: count(1_000_000).optional(),
  $limit: count(MAX_USER_PAGE).optional(),
});

export interface UserFilter {
  words: string[];
  permissions: Permission[] | null;
  client: number | null;
  enabled: boolean | null;
  sort: { field: IdpUserSortField; direction: 1 | -1 } | null;
  skip: number;
  limit: number;
}

/** The `idp-users find` query (see IdpUserQuery), validated: unknown keys and operators are a BadRequest. */
export function parseUserQuery(raw: Record<string, unknown>): UserFilter {
  const q = validate(querySchema, raw, 'user query');
  const [sortEntry] = Object.entries(q.$sort ?? {});
  if (Object.keys(q.$sort ?? {}).length > 1) throw BadRequest('Invalid user query: sort by one field.');
  return {
    words: (q.$search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10),
    permissions: q.permissions === undefined ? null : typeof q.permissions === 'string' ? [q.permissions] : q.permissions.$in,
    client: q.klienten ?? null,
    enabled: q.enabled ?? null,
    sort: sortEntry ? { field: sortEntry[0] as IdpUserSortField, direction: sortEntry[1] as 1 | -1 } : null,
    skip: q.$skip ?? 0,
    limit: q.$limit ?? DEFAULT_USER_PAGE,
  };
}

/** A user with the lower-case text a search looks in, built once per cached list. */
export interface IndexedUser {
  user: IdpUser;
  text: string;
}

export const indexUser = (user: IdpUser): IndexedUser => ({
  user,
  text: [user.username, user.firstName, user.lastName, user.email, user.telNr].join('\u0000').toLowerCase(),
});

export const reaches = (user: Pick<IdpUser, 'klienten' | 'all_clients' | 'excluded'>, client: number) =>
  user.all_clients ? !user.excluded.includes(client) : user.klienten.includes(client);

type Key = string | number;
const sortKey = (user: IdpUser, field: IdpUserSortField): Key | null => {
  switch (field) {
    case 'klienten':
      // All clients first, then by the first assigned company.
      return user.all_clients ? 0 : (user.klienten[0] ?? null);
    case 'permissions':
      return user.permissions.join(' ');
    case 'mobileApp':
    case 'enabled':
      return user[field] ? 1 : 0;
    case 'lastLogin':
      return user.lastLogin;
    case 'failedLogins':
      return user.failedLogins;
    default:
      return user[field].toLocaleLowerCase('de');
  }
};

const compareKeys = (a: Key | null, b: Key | null): number => {
  if (a === b) return 0;
  if (a === null) return 1; // empty values last in both directions
  if (b === null) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'de');
};

/** Filters, sorts (username breaks ties) and pages the users of one back end, in memory. */
export function queryUsers(users: readonly IndexedUser[], filter: UserFilter): Paginated<IdpUser> {
  const hits = users.filter(
    ({ user, text }) =>
      filter.words.every((w) => text.includes(w)) &&
      (filter.permissions === null || filter.permissions.some((p) => user.permissions.includes(p))) &&
      (filter.client === null || reaches(user, filter.client)) &&
      (filter.enabled === null || user.enabled === filter.enabled),
  );
  const { sort } = filter;
  const byName = (a: IndexedUser, b: IndexedUser) => a.user.username.localeCompare(b.user.username, 'de');
  const sorted = sort
    ? hits
        .map((h) => ({ h, key: sortKey(h.user, sort.field) }))
        .sort((a, b) => {
          if (a.key === null || b.key === null) return compareKeys(a.key, b.key) || byName(a.h, b.h);
          return compareKeys(a.key, b.key) * sort.direction || byName(a.h, b.h);
        })
        .map((x) => x.h)
    : hits.sort(byName);
  return { total: sorted.length, skip: filter.skip, limit: filter.limit, data: sorted.slice(filter.skip, filter.skip + filter.limit).map((h) => h.user) };
}
