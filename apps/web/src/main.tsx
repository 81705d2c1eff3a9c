import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { FeathersClient } from './api/feathers-client';
import { createSocket } from './api/socket-transport';
import { BrowserTokenStorage } from './api/token-storage';
import { App } from './app/App';
import { guardHistory } from './app/history-guard';
import { HistorySync } from './app/HistorySync';
import { installIconLoader } from './app/icons';
import { preloadRoute } from './app/routes';
import { StoresProvider } from './app/stores-context';
import { loadBootstrap } from './auth/bootstrap-config';
import { KeycloakAuth } from './auth/keycloak-auth';
import { startSession } from './auth/session-start';
import { firstPaint } from './auth/first-paint';
import { syncUi } from './app/ui-sync';
import { initI18n } from './i18n';
import { prefetchDocuments } from './features/documents/documents-prefetch';
import { prefetchInvoiceList } from './features/accounting/invoice-list-prefetch';
import { RootStore } from './stores/RootStore';

declare const __APP_VERSION__: string;
declare const __APP_BUILD__: string;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  installIconLoader();
  const i18n = initI18n();
  preloadRoute(window.location.pathname);
  const bootstrap = await loadBootstrap();

  const auth = new KeycloakAuth(bootstrap.oidc);
  const tokens = new BrowserTokenStorage(storage());
  const client = new FeathersClient(createSocket(), { storage: tokens });
  const root = new RootStore({
    client,
    auth,
    bootstrap,
    app: { version: __APP_VERSION__, build: __APP_BUILD__ },
    storage: storage(),
    prefersDark: window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
  });
  (window as unknown as { __portal?: RootStore }).__portal = root;

  // Unhandled promise rejections show a red snackbar (spec §8).
  window.addEventListener('unhandledrejection', (event) => root.ui.error(event.reason));
  syncUi(root.ui, i18n);

  // Before the router listens: the Back / Forward guard must see popstate first.
  const history = guardHistory(window, root.ui.leave);

  // Login is required on load except on /logout; init runs once (no StrictMode double init).
  const failed = (e: unknown) => {
    console.error('Start failed', e);
    root.ui.error(e);
  };
  const started = startSession(
    {
      auth,
      tokens,
      start: (token) => {
        const started = root.start(token).catch(failed);
        prefetchDocuments(root, window.location);
        prefetchInvoiceList(root, window.location);
        return started;
      },
      refreshed: (token) => root.session.tokenRefreshed(token),
      reload: () => window.location.reload(),
      now: () => Date.now(),
      wait: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
    },
    window.location.pathname !== '/logout',
  );

  // The first paint waits for the signed-in user's own language (not this browser's last one).
  await firstPaint(root.session, started);
  createRoot(document.getElementById('root')!).render(
    <StoresProvider value={root}>
      <BrowserRouter>
        <HistorySync guard={history} />
        <App />
      </BrowserRouter>
    </StoresProvider>,
  );
  await started;
}

main().catch((e: unknown) => {
  console.error(e);
  const el = document.getElementById('root');
  if (el) el.textContent = e instanceof Error ? e.message : String(e);
});
