import type { Company } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, generatePath, matchPath, useLocation } from 'react-router-dom';
import { mayOpen, NOT_FOUND_TITLE_KEY, routeAnyOf, ROUTES, startPath } from '../../app/routes';
import type { RouteDef } from '../../app/routes';
import { useStores } from '../../app/stores-context';
import { takeRememberedPath } from '../../auth/return-path';
import { useGuardedNavigate } from '../../app/use-guarded-navigate';
import CompanyNotFoundScreen from '../../features/shell/CompanyNotFoundScreen';
import NoPermissionScreen from '../../features/shell/NoPermissionScreen';
import NotFoundScreen from '../../features/shell/NotFoundScreen';
import { ErrorBoundary } from '../feedback/ErrorBoundary';
import { LeaveDialog } from '../feedback/LeaveDialog';
import { Loading } from '../feedback/Loading';
import { AppDrawer } from './AppDrawer';
import { Toolbar } from './Toolbar';

interface Matched {
  route: RouteDef | null;
  params: Record<string, string | undefined>;
}

function useMatchedRoute(pathname: string): Matched {
  return useMemo(() => {
    for (const route of ROUTES) {
      const m = matchPath({ path: route.path, end: true }, pathname);
      if (m) return { route, params: m.params };
    }
    return { route: null, params: {} };
  }, [pathname]);
}

/** `/`: ove → /overview, others → /invoices/{first client} (spec §2). */
const StartRedirect = observer(function StartRedirect() {
  const { session, company } = useStores();
  const firstClient = session.user?.klienten_array[0] ?? company.favClient;
  // Back from the login with a deep link the router may not have followed yet: open it, not the start page.
  const [remembered] = useState(takeRememberedPath);
  return <Navigate to={remembered ?? startPath((p) => session.has(p), firstClient)} replace />;
});

/** Toolbar, drawer and the routed screen; page titles; company selection. */
export const Shell = observer(function Shell() {
  const { ui, config, company, session } = useStores();
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useGuardedNavigate();
  const { route, params } = useMatchedRoute(location.pathname);
  const isStart = location.pathname === '/';
  const title = t(route ? route.titleKey : isStart ? 'routes.start' : NOT_FOUND_TITLE_KEY);

  // Each route has a page title of route name plus brand suffix.
  useEffect(() => {
    document.title = `${title} | ${config.brandShort}`;
  }, [title, config.brandShort]);

  // A deep link the router already followed after the login is not opened a second time from `/` later.
  useEffect(() => {
    if (!isStart) takeRememberedPath();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the first page the shell shows
  }, []);

  // The drawer closes on route change.
  useEffect(() => ui.closeDrawer(), [location.pathname, ui]);

  // A route with a client parameter selects that client ('0' = favourite).
  const clientParam = route?.clientParam ? params[route.clientParam] : undefined;
  const routeClient = route?.clientParam && company.loaded ? company.resolveClient(clientParam) : null;
  // A company the user cannot see is "not found or no access", never an empty company.
  const unknownClient = routeClient !== null && !company.knows(routeClient);
  useEffect(() => {
    if (route?.clientParam && company.loaded && !unknownClient) void company.select(company.resolveClient(clientParam)).catch(ui.error);
  }, [route, clientParam, company.loaded, company, ui, unknownClient]);

  // Choosing a company rewrites the client parameter (the view reloads its data) or selects it.
  const onSelectCompany = useCallback(
    (c: Company) => {
      if (route?.clientParam) {
        navigate(generatePath(route.path, { ...params, [route.clientParam]: String(c.company_no) }));
      } else {
        ui.leave.attempt(() => void company.select(c.company_no).catch(ui.error));
      }
    },
    [route, params, navigate, company, ui],
  );

  return (
    <div className={route?.showCompanies !== false ? 'portal-shell portal-shell--picker' : 'portal-shell'}>
      <Toolbar title={title} showCompanies={route ? route.showCompanies : true} onSelectCompany={onSelectCompany} />
      <AppDrawer />
      <LeaveDialog />
      <main className="portal-main">
        <ErrorBoundary onError={ui.error} resetKey={location.pathname}>
          <Suspense fallback={<Loading label={t('app.loading')} testId="route-loading" />}>
            <Routes>
              <Route path="/" element={<StartRedirect />} />
              {ROUTES.map((r) => (
                <Route
                  key={r.id}
                  path={r.path}
                  element={
                    !mayOpen(r, session.has) ? (
                      <NoPermissionScreen anyOf={routeAnyOf(r)} />
                    ) : unknownClient && r === route ? (
                      <CompanyNotFoundScreen clientNo={String(routeClient)} />
                    ) : (
                      <r.component />
                    )
                  }
                />
              ))}
              <Route path="*" element={<NotFoundScreen />} />
            </Routes>
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
});
