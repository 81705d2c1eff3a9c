import { Button, type ButtonProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AccountStore } from './AccountStore';

/** A button that leaves for Keycloak's page of an application-initiated action (and says so). */
export function ProviderActionButton({ store, action, ...props }: { store: AccountStore; action: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  return <Button {...props} endIcon="share" title={t('account.atProvider')} onClick={() => store.providerAction(action)} />;
}
