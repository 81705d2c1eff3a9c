import type { Permission } from '@portal/contracts';
import { forbidden } from '../shared/domain-error';
import type { ClientAccess } from './user.events';

/** Who acts in the user manager: their id, permission codes and client reach. */
export interface AdminActor extends ClientAccess {
  userId: string;
  permissions: readonly Permission[];
}

/** A user's access as the rules see it: before a change (null when creating) and after it. */
export interface UserAccess extends ClientAccess {
  userId: string | null;
  permissions: readonly Permission[];
}

/** What the actor does to the user. */
export type UserAdminAction = 'create' | 'edit' | 'access' | 'enable' | 'disable' | 'reset-password' | 'require-second-factor' | 'delete';

/** The codes only an identity-provider admin (kca) grants, and whose holders only kca edits. */
export const GUARDED_PERMISSIONS: readonly Permission[] = ['kca', 'adm'];

export const USER_ADMIN_TEXTS = {
  needsAdmin: 'User administration needs the permission adm or kca.',
  guardedHolder: 'Only an identity-provider administrator (kca) may change users who hold adm or kca.',
  widerHolder: 'You may only change users whose permissions you hold yourself.',
  guardedGrant: 'Only an identity-provider administrator (kca) may grant adm or kca.',
  widerGrant: 'You may only grant permissions you hold yourself.',
  widerClients: 'You may only assign clients you have yourself.',
  ownAdm: 'You cannot remove your own adm permission.',
  ownDisable: 'You cannot disable your own account.',
  ownDelete: 'You cannot delete your own account.',
} as const;

const has = (codes: readonly Permission[], code: Permission) => codes.includes(code);

/** Whether `access` reaches no company the actor does not reach. */
export function withinClients(actor: ClientAccess, access: ClientAccess): boolean {
  if (actor.all_clients) {
    // An actor excluded from some companies may not give them to anyone.
    if (access.all_clients) return actor.excluded.every((c) => access.excluded.includes(c));
    return access.klienten.every((c) => !actor.excluded.includes(c));
  }
  return !access.all_clients && access.klienten.every((c) => actor.klienten.includes(c));
}

/**
 * The user manager's rules, decided purely: only kca may grant kca or adm, or change users who
 * hold them; adm without kca changes only users whose codes are a subset of its own, grants only its own
 * codes and its own clients; nobody removes their own adm, disables or deletes themselves. Throws a
 * forbidden DomainError naming the rule; returns nothing when the change is allowed.
 */
export function checkUserAdmin(actor: AdminActor, action: UserAdminAction, before: UserAccess | null, after: UserAccess | null): void {
  const isKca = has(actor.permissions, 'kca');
  if (!isKca && !has(actor.permissions, 'adm')) throw forbidden(USER_ADMIN_TEXTS.needsAdmin);
  const self = before !== null && before.userId === actor.userId;
  if (self && action === 'disable') throw forbidden(USER_ADMIN_TEXTS.ownDisable);
  if (self && action === 'delete') throw forbidden(USER_ADMIN_TEXTS.ownDelete);
  if (self && after && has(before.permissions, 'adm') && !has(after.permissions, 'adm')) throw forbidden(USER_ADMIN_TEXTS.ownAdm);
  if (isKca) return;
  if (before && !self) {
    if (GUARDED_PERMISSIONS.some((c) => has(before.permissions, c))) throw forbidden(USER_ADMIN_TEXTS.guardedHolder);
    if (!before.permissions.every((c) => has(actor.permissions, c))) throw forbidden(USER_ADMIN_TEXTS.widerHolder);
  }
  if (after) {
    const added = after.permissions.filter((c) => !before || !has(before.permissions, c));
    if (added.some((c) => GUARDED_PERMISSIONS.includes(c))) throw forbidden(USER_ADMIN_TEXTS.guardedGrant);
    if (!added.every((c) => has(actor.permissions, c))) throw forbidden(USER_ADMIN_TEXTS.widerGrant);
    const clientsChanged =
      !before ||
      before.all_clients !== after.all_clients ||
      String(before.klienten) !== String(after.klienten) ||
      String(before.excluded) !== String(after.excluded);
    if (clientsChanged && !withinClients(actor, after)) throw forbidden(USER_ADMIN_TEXTS.widerClients);
  }
}

/** Whether the rules allow the action, and the refusal's text when not. */
export function userAdminVerdict(actor: AdminActor, action: UserAdminAction, before: UserAccess | null, after: UserAccess | null): string | null {
  try {
    checkUserAdmin(actor, action, before, after);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
