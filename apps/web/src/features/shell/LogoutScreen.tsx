import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { Loading } from '../../components/feedback/Loading';

/** /logout (no login needed): ends the portal session and the identity-provider session, then the site root. */
export default function LogoutScreen() {
  const { session, ui } = useStores();
  const { t } = useTranslation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    session.logout(`${window.location.origin}/`).catch((e: unknown) => {
      console.error('Logout failed', e);
      ui.error(e);
      window.location.assign('/');
    });
  }, [session, ui]);
  return <Loading label={t('app.loggingOut')} testId="logging-out" />;
}
