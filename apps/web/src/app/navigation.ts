import type { IconName } from '@blueprintjs/icons';
import type { Permission } from '@portal/contracts';
import { ROUTE_PERMISSIONS, type RouteId } from './route-permissions';
import { routeById } from './routes';

/** A drawer entry of spec section 2 with the permissions of spec section 6 (any of them; none = every user). */
export interface NavEntry {
  /** Route id in ROUTES; the entry is shown only once that route's screen exists. Its permissions are the route's. */
  routeId: RouteId;
  labelKey: string;
  icon: IconName;
  /** Live count shown as a badge. */
  badge?: 'invoices' | 'editorInbox' | 'bankAccesses' | 'bankOverview' | 'rpaErrors';
  /** The badge is shown only with one of these (spec §6: the editor's documents count only with ded). */
  badgeAnyOf?: Permission[];
  /** The entry links to the selected client's page. */
  perClient?: boolean;
}

export const MAIN_ENTRIES: NavEntry[] = [
  { routeId: 'overview', labelKey: 'drawer.overview', icon: 'dashboard' },
  { routeId: 'invoices', labelKey: 'drawer.accounting', icon: 'bank-account', badge: 'invoices', perClient: true },
  { routeId: 'unpaid', labelKey: 'drawer.unpaid', icon: 'time', perClient: true },
  { routeId: 'banking', labelKey: 'drawer.banking', icon: 'credit-card', badge: 'bankAccesses', perClient: true },
  { routeId: 'reports', labelKey: 'drawer.reports', icon: 'timeline-bar-chart', perClient: true },
  { routeId: 'documents', labelKey: 'drawer.documents', icon: 'document', perClient: true },
  // Spec §7 counts the editor's unprocessed documents (editor-document, fetched only with ded): they wait in the
  // editor's inbox, not in the documents lists, so the count stands beside the editor.
  { routeId: 'document-editor', labelKey: 'drawer.documentEditor', icon: 'edit', badge: 'editorInbox', badgeAnyOf: ['ded'], perClient: true },
];

/** The Admin group and all its items need adm (spec §6). */
export const ADMIN_ENTRIES: NavEntry[] = [
  { routeId: 'settings', labelKey: 'drawer.settings', icon: 'cog', perClient: true },
  { routeId: 'addresses', labelKey: 'drawer.addresses', icon: 'th-list' },
  { routeId: 'adm-banking', labelKey: 'drawer.bankingOverview', icon: 'bank-account', badge: 'bankOverview' },
  { routeId: 'responsibility', labelKey: 'drawer.responsibility', icon: 'people' },
  { routeId: 'fon-monitoring', labelKey: 'drawer.fonMonitoring', icon: 'eye-open' },
  { routeId: 'user-admin', labelKey: 'drawer.userManager', icon: 'user' },
  { routeId: 'scanner-admin', labelKey: 'drawer.scannerManager', icon: 'print' },
  { routeId: 'sv-tool', labelKey: 'drawer.svTool', icon: 'euro' },
  { routeId: 'error', labelKey: 'drawer.rpaErrors', icon: 'error', badge: 'rpaErrors' },
];

/** Entries the user may see whose screens exist. */
export function visibleEntries(entries: NavEntry[], has: (...anyOf: Permission[]) => boolean): NavEntry[] {
  return entries.filter((e) => {
    const anyOf: readonly Permission[] = ROUTE_PERMISSIONS[e.routeId];
    return routeById(e.routeId) && (anyOf.length === 0 || has(...anyOf));
  });
}
