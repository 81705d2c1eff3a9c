import { Button, NonIdealState } from '@blueprintjs/core';
import type { Permission } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** A route the user may not open (spec §6 permissions enforced beyond the menu): says so, names the codes. */
export default function NoPermissionScreen({ anyOf }: { anyOf: readonly Permission[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NonIdealState
      icon="lock"
      title={<span data-testid="no-permission">{t('noPermission.title')}</span>}
      description={t('noPermission.description', { codes: anyOf.join(', ') })}
      action={<Button variant="minimal" icon="home" text={t('notFound.back')} onClick={() => navigate('/')} />}
    />
  );
}
