import type { AuditUser } from '@portal/contracts';
import { USERS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import type { UserLookup } from './document-audit';

/** Resolves user ids against the users read model, each id once per lookup instance. */
export function userLookup(store: ReadStore): UserLookup {
  const known = new Map<string, Promise<AuditUser>>();
  const resolve = async (id: string): Promise<AuditUser> => {
    const user = await store.get(USERS, id);
    if (!user) return { id, username: null, name: null };
    const name = [user.firstName, user.lastName].filter((part) => typeof part === 'string' && part !== '').join(' ');
    return { id, username: typeof user.username === 'string' ? user.username : null, name: name === '' ? null : name };
  };
  return (id) => {
    let user = known.get(id);
    if (!user) known.set(id, (user = resolve(id)));
    return user;
  };
}
