import type { Permission } from '@portal/contracts';
import { normalizeAccess } from './user.decide';
import type { ClientAccess } from './user.events';
import { userAdminVerdict, type AdminActor, type UserAccess } from './user-admin.rules';

/** A bulk edit of the user manager: codes and client assignments added to or removed from each selected user. */
export interface BulkEdit {
  addPermissions: Permission[];
  removePermissions: Permission[];
  addClients: number[];
  removeClients: number[];
}

export interface BulkUser extends UserAccess {
  userId: string;
  username: string;
}

/** What the edit does to one user: nothing, a change, or a refusal by the rules (with the rule's text). */
export interface BulkPlanRow {
  userId: string;
  username: string;
  outcome: 'unchanged' | 'changed' | 'refused';
  before: UserAccess;
  after: UserAccess;
  /** Codes and clients that actually change, for the preview. */
  added: { permissions: Permission[]; clients: number[] };
  removed: { permissions: Permission[]; clients: number[] };
  reason: string | null;
}

/**
 * Adding a client assigns it (or, for a user with all clients, takes back an exclusion); removing one
 * unassigns it (or excludes it from a user with all clients).
 */
function applyClients(user: ClientAccess, edit: BulkEdit): ClientAccess {
  if (user.all_clients) {
    const excluded = [...user.excluded.filter((c) => !edit.addClients.includes(c)), ...edit.removeClients];
    return { klienten: [], all_clients: true, excluded };
  }
  const klienten = [...user.klienten.filter((c) => !edit.removeClients.includes(c)), ...edit.addClients.filter((c) => !edit.removeClients.includes(c))];
  return { klienten, all_clients: false, excluded: [] };
}

const reach = (access: Pick<UserAccess, 'klienten' | 'all_clients' | 'excluded'>, client: number) =>
  access.all_clients ? !access.excluded.includes(client) : access.klienten.includes(client);

/** The preview of a bulk edit, per user, decided purely (the same rows are then applied). */
export function planBulkEdit(actor: AdminActor, users: readonly BulkUser[], edit: BulkEdit): BulkPlanRow[] {
  return users.map((user) => {
    const before = normalizeAccess([...user.permissions], user);
    const permissions = [
      ...before.permissions.filter((c) => !edit.removePermissions.includes(c)),
      ...edit.addPermissions.filter((c) => !edit.removePermissions.includes(c)),
    ];
    const after = normalizeAccess(permissions, applyClients(before, edit));
    const clients = [...new Set([...edit.addClients, ...edit.removeClients])];
    const added = {
      permissions: after.permissions.filter((c) => !before.permissions.includes(c)),
      clients: clients.filter((c) => reach(after, c) && !reach(before, c)),
    };
    const removed = {
      permissions: before.permissions.filter((c) => !after.permissions.includes(c)),
      clients: clients.filter((c) => !reach(after, c) && reach(before, c)),
    };
    const beforeAccess: UserAccess = { userId: user.userId, ...before };
    const afterAccess: UserAccess = { userId: user.userId, ...after };
    const changed = added.permissions.length + added.clients.length + removed.permissions.length + removed.clients.length > 0;
    const reason = changed ? userAdminVerdict(actor, 'access', beforeAccess, afterAccess) : null;
    return {
      userId: user.userId,
      username: user.username,
      outcome: !changed ? 'unchanged' : reason ? 'refused' : 'changed',
      before: beforeAccess,
      after: afterAccess,
      added,
      removed,
      reason,
    };
  });
}
