import type { User, Where } from '@portal/contracts';
import { maySeeUser, reachesClient, type AdminActor, type ClientAccess, type UserAccess } from '@portal/domain';
import type { Doc } from '@portal/read-store';

/**
 * The signed-in user as the administrator rules see it. The token's user already lists its clients
 * explicitly when some are excluded (the authenticator), so nothing is excluded here.
 */
export const adminActorOf = (user: User): AdminActor => ({
  userId: user.keycloakId,
  permissions: user.permissions_array,
  klienten: user.klienten_array,
  all_clients: user.all_clients,
  excluded: [],
});

export const clientReachOf = (user: User): ClientAccess => ({ klienten: user.klienten_array, all_clients: user.all_clients, excluded: [] });

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** A row of the `users` read model as the administrator rules see it. */
export const userAccessOfRow = (doc: Doc): UserAccess => ({
  userId: String(doc.id),
  permissions: list(doc.permissions_array),
  klienten: list(doc.klienten_array),
  all_clients: doc.all_clients === true,
  excluded: list(doc.excluded_klienten),
});

/** Whether the caller may see this row of the `users` read model (see maySeeUser). */
export const maySeeUserRow = (user: User, doc: Doc): boolean => maySeeUser(adminActorOf(user), userAccessOfRow(doc));

/** Whether a record of this client (null: firm-wide) is within the caller's clients (see reachesClient). */
export const reachesRecordClient = (user: User, clientNo: unknown): boolean =>
  reachesClient(clientReachOf(user), typeof clientNo === 'number' ? clientNo : null);

/** The filter that keeps a query to the records the caller's clients reach, as reachesClient decides; null: all of them. */
export function clientReachScope(user: User, field: string): Where | null {
  return user.all_clients ? null : { [field]: { $in: user.klienten_array } };
}
