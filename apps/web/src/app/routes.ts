import { createElement, lazy } from 'react';
import { matchPath } from 'react-router-dom';
import type { ComponentType } from 'react';
import type { Permission } from '@portal/contracts';
import { ROUTE_PERMISSIONS, type RouteId } from './route-permissions';

/** One route of spec section 2. Later issues add their screens here. */
export interface RouteDef {
  id: RouteId;
  path: string;
  /** i18n key of the page title (route name; the brand suffix is added by the shell). */
  titleKey: string;
  /** The toolbar shows the company picker (spec §2: route flag showCompanies). */
  showCompanies: boolean;
  /** Route parameter holding the client company number, rewritten by the company picker. */
  clientParam?: string;
  component: ComponentType;
  /** Starts loading the screen's code (the same import as `component`), e.g. for the URL the page opens with. */
  preload: () => Promise<unknown>;
}

/**
 * A lazily loaded screen whose code can be fetched before the route renders. Once the code is here the screen
 * renders at once. React.lazy alone suspends on its first render even when the module has loaded (its own
 * promise settles a tick later), and React reveals content that suspended no sooner than 300 ms after the
 * fallback showed: a deep link's first rows waited for that, unless some other update happened to re-render.
 */
export function screen(load: () => Promise<{ default: ComponentType }>): Pick<RouteDef, 'component' | 'preload'> {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  const Screen = () => createElement(loaded ?? Lazy);
  return { component: Screen, preload };
}

/** The permission codes a route needs (any of them; none = every signed-in user), from the one table. */
export function routeAnyOf(route: RouteDef): readonly Permission[] {
  return ROUTE_PERMISSIONS[route.id];
}

/** True when a user holding these permissions may open the route (spec §6, enforced beyond the menu). */
export function mayOpen(route: RouteDef, has: (...anyOf: Permission[]) => boolean): boolean {
  const anyOf = routeAnyOf(route);
  return anyOf.length === 0 || has(...anyOf);
}

export const ROUTES: RouteDef[] = [
  {
    id: 'sv-tool',
    path: '/admin/sv-tool',
    titleKey: 'drawer.svTool',
    showCompanies: false,
    ...screen(() => import('../features/sv-tool/SvToolScreen')),
  },
  {
    id: 'overview',
    path: '/overview',
    titleKey: 'routes.overview',
    showCompanies: true,
    ...screen(() => import('../features/overview/OverviewScreen')),
  },
  {
    id: 'documents',
    path: '/documents/:client',
    titleKey: 'documents.title',
    showCompanies: true,
    clientParam: 'client',
    ...screen(() => import('../features/documents/DocumentsScreen')),
  },
  {
    id: 'doc',
    path: '/doc/:client?/:documentId',
    titleKey: 'documents.singleTitle',
    showCompanies: false,
    ...screen(() => import('../features/documents/DocumentScreen')),
  },
  {
    id: 'invoices',
    path: '/invoices/:client/:document_type?/:document_id?',
    titleKey: 'invoices.title',
    showCompanies: true,
    clientParam: 'client',
    ...screen(() => import('../features/accounting/AccountingScreen')),
  },
  {
    id: 'settings',
    path: '/settings/:client',
    titleKey: 'drawer.settings',
    showCompanies: true,
    clientParam: 'client',
    ...screen(() => import('../features/settings/SettingsScreen')),
  },
  {
    id: 'account-preferences',
    path: '/account/preferences',
    titleKey: 'routes.accountPreferences',
    showCompanies: false,
    ...screen(() => import('../features/account/AccountScreen')),
  },
  {
    id: 'reports',
    path: '/reports/:client',
    titleKey: 'drawer.reports',
    showCompanies: true,
    clientParam: 'client',
    ...screen(() => import('../features/reports/ReportsScreen')),
  },
  {
    id: 'unpaid',
    path: '/unpaid/:client/:document_type?/:document_id?',
    titleKey: 'drawer.unpaid',
    showCompanies: true,
    clientParam: 'client',
    ...screen(() => import('../features/open-items/OpenItemsScreen')),
  },
  {
    id: 'responsibility',
    path: '/responsibility',
    titleKey: 'drawer.responsibility',
    showCompanies: true,
    ...screen(() => import('../features/responsibility/ResponsibilityScreen')),
  },
  {
    id: 'document-editor',
    path: '/document-editor/:client/:documentId?',
    titleKey: 'drawer.documentEditor',
    showCompanies: true,
    clientParam: 'client',
    ...screen(() => import('../features/editor/EditorScreen')),
  },
  {
    id: 'scanner-admin',
    path: '/scanner-admin',
    titleKey: 'drawer.scannerManager',
    showCompanies: false,
    ...screen(() => import('../features/scanners/ScannersScreen')),
  },
  {
    id: 'banking',
    path: '/banking/:client',
    titleKey: 'drawer.banking',
    showCompanies: true,
    clientParam: 'client',
    ...screen(() => import('../features/banking/BankingScreen')),
  },
  {
    id: 'adm-banking',
    path: '/admin/adm-banking/overview',
    titleKey: 'drawer.bankingOverview',
    showCompanies: false,
    ...screen(() => import('../features/banking/BankOverviewScreen')),
  },
  {
    id: 'user-admin',
    path: '/user-admin',
    titleKey: 'drawer.userManager',
    showCompanies: false,
    ...screen(() => import('../features/user-admin/UserAdminScreen')),
  },
  {
    id: 'addresses',
    path: '/admin/addresses/:address_id?',
    titleKey: 'drawer.addresses',
    showCompanies: false,
    ...screen(() => import('../features/addresses/AddressesScreen')),
  },
  {
    id: 'fon-monitoring',
    path: '/fon-monitoring',
    titleKey: 'drawer.fonMonitoring',
    showCompanies: false,
    ...screen(() => import('../features/fon/FonScreen')),
  },
  {
    id: 'error',
    path: '/error',
    titleKey: 'drawer.rpaErrors',
    showCompanies: false,
    ...screen(() => import('../features/rpa-errors/RpaErrorsScreen')),
  },
  {
    id: 'app-info',
    path: '/app-info',
    titleKey: 'routes.appInfo',
    showCompanies: true,
    ...screen(() => import('../features/shell/AppInfoScreen')),
  },
];

/** Fetches the code of the screen the page opens on while the session starts (no waterfall after sign-in). */
export function preloadRoute(pathname: string): void {
  const route = ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
  void route?.preload().catch(() => undefined);
}

export function routeById(id: string): RouteDef | undefined {
  return ROUTES.find((r) => r.id === id);
}

/** Path of a route whose screen exists; null when the route is not built yet. */
export function routePath(id: string, params: Record<string, string | number> = {}): string | null {
  const route = routeById(id);
  if (!route) return null;
  return (
    route.path
      .replace(/:(\w+)\?/g, (_, k: string) => (params[k] !== undefined ? String(params[k]) : ''))
      .replace(/:(\w+)/g, (_, k: string) => String(params[k] ?? '0'))
      .replace(/\/+$/, '') || '/'
  );
}

export const NOT_FOUND_TITLE_KEY = 'routes.notFound';

/** Where `/` sends a user (spec §2): ove → /overview, others → /invoices/{first client}. */
export function startPath(has: (p: Permission) => boolean, firstClient: number | null): string {
  if (has('ove')) return '/overview';
  return `/invoices/${firstClient ?? 0}`;
}
