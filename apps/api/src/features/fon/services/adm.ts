import type { Permission } from '@portal/contracts';

/** Every FON monitoring method is for administrators (spec §6: the Admin group). */
export const ADM: Permission[] = ['adm'];
