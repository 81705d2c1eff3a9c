import type { ClientAccess } from './user.events';
import { withinClients, type AdminActor, type UserAccess } from './user-admin.rules';

/**
 * Which users and which clients an administrator may see and change: the one rule every service that
 * lists or changes users (users, idp-users, responsibilities) and every record that belongs to a client
 * (the automation errors, ...) asks.
 *
 * - An identity-provider administrator (kca) sees every user.
 * - Everybody sees themselves.
 * - An administrator without kca (adm) sees only users whose clients all lie within its own clients, and
 *   never a user who holds kca: the firm's identity-provider administrators are out of its reach, whatever
 *   their clients. Whether it may change a user it sees is checkUserAdmin's to decide (never beyond its own
 *   codes and clients).
 * - Without adm or kca, no other user is seen.
 */
export function maySeeUser(actor: AdminActor, target: UserAccess): boolean {
  if (target.userId !== null && target.userId === actor.userId) return true;
  if (actor.permissions.includes('kca')) return true;
  if (!actor.permissions.includes('adm')) return false;
  if (target.permissions.includes('kca')) return false;
  return withinClients(actor, target);
}

/**
 * Whether a record of this client is within the actor's clients. A record of no client (firm-wide: a
 * scanner without a client, an import of the whole firm) is reached only by whoever reaches every client.
 */
export function reachesClient(actor: ClientAccess, clientNo: number | null): boolean {
  if (clientNo === null) return actor.all_clients && actor.excluded.length === 0;
  if (actor.all_clients) return !actor.excluded.includes(clientNo);
  return actor.klienten.includes(clientNo);
}
