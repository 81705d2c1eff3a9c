import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { ErrorBoundary } from '../components/feedback/ErrorBoundary';
import { Loading } from '../components/feedback/Loading';
import { Snackbars } from '../components/feedback/Snackbars';
import { Shell } from '../components/shell/Shell';
import LogoutScreen from '../features/shell/LogoutScreen';
import { useStores } from './stores-context';
import { errorText } from '../api/error-text';

/** Server error texts in the user's language (dark mode and the language itself are synced before the first paint: ui-sync.ts). */
function useErrorText(): void {
  const { ui } = useStores();
  const { i18n } = useTranslation();
  useEffect(() => ui.setErrorText((error) => errorText(error, i18n.t.bind(i18n), ui.locale)), [ui, i18n]);
}

/** Spinner while signing in, spinner while the backend config loads (spec §2), then the shell. */
const AuthenticatedApp = observer(function AuthenticatedApp() {
  const { session, config } = useStores();
  const { t } = useTranslation();
  if (!session.isAuthenticated) return <Loading label={t('app.signingIn')} testId="signing-in" />;
  if (!config.loaded) return <Loading label={t('app.loadingConfig')} testId="loading-config" />;
  return <Shell />;
});

export const App = observer(function App() {
  const { ui } = useStores();
  useErrorText();
  return (
    <ErrorBoundary onError={ui.error}>
      <Routes>
        <Route path="/logout" element={<LogoutScreen />} />
        <Route path="*" element={<AuthenticatedApp />} />
      </Routes>
      <Snackbars />
    </ErrorBoundary>
  );
});
