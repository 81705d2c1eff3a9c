import type { Permission } from '@portal/contracts';

/** Spec 6: Banking needs adm or ban. */
export const BANKING: Permission[] = ['adm', 'ban'];
/** Spec 2: the banking overview is in the Admin group (adm). */
export const BANKING_ADMIN: Permission[] = ['adm'];
