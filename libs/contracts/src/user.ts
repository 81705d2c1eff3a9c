import type { Permission } from './permissions';

/** The User of spec section 3, as `create authentication` answers it. */
export interface User {
  keycloakId: string;
  username: string;
  permissions_array: Permission[];
  firstName: string;
  lastName: string;
  email: string;
  locale: Locale;
  /** Assigned client company numbers; for users with `all_clients` every company. */
  klienten_array: number[];
  /** True when the user is given all clients (spec §6: "or given all clients"). */
  all_clients: boolean;
  favClient: number | null;
  enabled: boolean;
}

export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function hasPermission(user: Pick<User, 'permissions_array'>, ...anyOf: Permission[]): boolean {
  return anyOf.some((p) => user.permissions_array.includes(p));
}

export function mayAccessClient(user: Pick<User, 'all_clients' | 'klienten_array'>, clientNo: number): boolean {
  return user.all_clients || user.klienten_array.includes(clientNo);
}

export interface AuthenticationResult {
  accessToken: string;
  authentication: { strategy: 'jwt'; payload?: Record<string, unknown> };
  user: User;
}
