import type { Permission } from '@portal/contracts';

/**
 * Every route of spec section 2 with the permission codes of spec section 6 it needs (any of them;
 * an empty list means every signed-in user). The route guard (no-permission page) and the drawer
 * read this one table, so a screen and its menu entry can never disagree. The server refuses the
 * data on its own (each service method declares its codes).
 */
export const ROUTE_PERMISSIONS = {
  overview: ['ove'],
  responsibility: ['adm'],
  documents: ['doc'],
  reports: ['rep'],
  'document-editor': ['ded'],
  invoices: [],
  unpaid: ['rep'],
  banking: ['adm', 'ban'],
  settings: ['adm'],
  addresses: ['adm'],
  'adm-banking': ['adm'],
  error: ['adm'],
  'fon-monitoring': ['adm'],
  'user-admin': ['adm'],
  'scanner-admin': ['adm'],
  'sv-tool': ['adm'],
  doc: [],
  'app-info': [],
  'account-preferences': [],
} as const satisfies Record<string, readonly Permission[]>;

export type RouteId = keyof typeof ROUTE_PERMISSIONS;

export function routePermissions(id: RouteId): readonly Permission[] {
  return ROUTE_PERMISSIONS[id];
}
