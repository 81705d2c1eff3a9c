import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/**
 * A client route naming a company the user cannot see (another client’s, or none by that number):
 * says so instead of showing an empty company, and offers no action on it — only the way back to the start.
 */
export default function CompanyNotFoundScreen({ clientNo }: { clientNo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NonIdealState
      icon="office"
      title={<span data-testid="company-not-found">{t('companyNotFound.title')}</span>}
      description={t('companyNotFound.description', { client: clientNo })}
      action={<Button variant="minimal" icon="home" text={t('notFound.back')} onClick={() => navigate('/')} />}
    />
  );
}
