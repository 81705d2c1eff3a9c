import type { Permission } from '@portal/contracts';

/** Banking needs adm or ban. */
export const BANKING: Permission[] = ['adm', 'ban'];
/** The banking overview is in the Admin group: adm only. */
export const BANKING_ADMIN: Permission[] = ['adm'];
