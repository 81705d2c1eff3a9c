import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** Any other path (spec §2): "Page not found". */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NonIdealState
      icon="search"
      title={<span data-testid="not-found">{t('notFound.title')}</span>}
      action={<Button variant="minimal" icon="home" text={t('notFound.back')} onClick={() => navigate('/')} />}
    />
  );
}
