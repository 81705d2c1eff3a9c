import type { IconName } from '@blueprintjs/icons';
import type { Permission } from '@portal/contracts';
import { routeById } from './routes';

/** A drawer entry of spec section 2 with the permissions of spec section 6 (any of them; none = every user). */
export interface NavEntry {
  /** Route id in ROUTES; the entry is shown only once that route's screen exists. */
  routeId: string;
  labelKey: string;
  icon: IconName;
  anyOf: Permission[];
  /** Live count shown as a badge. */
  badge?: 'invoices' | 'documents';
  /** The badge is shown only with one of these (spec 6: the documents count only with ded). */
  badgeAnyOf?: Permission[];
  /** The entry links to the selected client's page. */
  perClient?: boolean;
}

export const MAIN_ENTRIES: NavEntry[] = [
  { routeId: 'overview', labelKey: 'drawer.overview', icon: 'dashboard', anyOf: ['ove'] },
  { routeId: 'invoices', labelKey: 'drawer.accounting', icon: 'bank-account', anyOf: [], badge: 'invoices', perClient: true },
  { routeId: 'unpaid', labelKey: 'drawer.unpaid', icon: 'time', anyOf: ['rep'], perClient: true },
  { routeId: 'banking', labelKey: 'drawer.banking', icon: 'credit-card', anyOf: ['adm', 'ban'], perClient: true },
  { routeId: 'reports', labelKey: 'drawer.reports', icon: 'timeline-bar-chart', anyOf: ['rep'], perClient: true },
  { routeId: 'documents', labelKey: 'drawer.documents', icon: 'document', anyOf: ['doc'], badge: 'documents', badgeAnyOf: ['ded'], perClient: true },
  { routeId: 'document-editor', labelKey: 'drawer.documentEditor', icon: 'edit', anyOf: ['ded'], perClient: true },
];

/** The Admin group and all its items need adm (spec 6). */
export const ADMIN_ENTRIES: NavEntry[] = [
  { routeId: 'settings', labelKey: 'drawer.settings', icon: 'cog', anyOf: ['adm'], perClient: true },
  { routeId: 'addresses', labelKey: 'drawer.addresses', icon: 'th-list', anyOf: ['adm'] },
  { routeId: 'adm-banking', labelKey: 'drawer.bankingOverview', icon: 'bank-account', anyOf: ['adm'] },
  { routeId: 'responsibility', labelKey: 'drawer.responsibility', icon: 'people', anyOf: ['adm'] },
  { routeId: 'fon-monitoring', labelKey: 'drawer.fonMonitoring', icon: 'eye-open', anyOf: ['adm'] },
  { routeId: 'user-admin', labelKey: 'drawer.userManager', icon: 'user', anyOf: ['adm'] },
  { routeId: 'scanner-admin', labelKey: 'drawer.scannerManager', icon: 'print', anyOf: ['adm'] },
  { routeId: 'sv-tool', labelKey: 'drawer.svTool', icon: 'euro', anyOf: ['adm'] },
];

/** Entries the user may see whose screens exist. */
export function visibleEntries(entries: NavEntry[], has: (...anyOf: Permission[]) => boolean): NavEntry[] {
  return entries.filter((e) => routeById(e.routeId) && (e.anyOf.length === 0 || has(...e.anyOf)));
}
