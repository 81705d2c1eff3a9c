import { Button, Callout, Card, FormGroup, H4, Icon, InputGroup } from '@blueprintjs/core';
import type { PasswordProblem } from '@portal/contracts';
import { passwordProblems } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { formatDateTime } from '../../i18n/format';
import type { AccountStore } from './AccountStore';
import { ProviderActionButton } from './ProviderActionButton';

const ALL_RULES: PasswordProblem[] = ['tooShort', 'containsUsername', 'tooSimple'];

const PasswordRule = observer(function PasswordRule({ store }: { store: AccountStore }) {
  const { t } = useTranslation();
  const failing = new Set(store.password.next === '' ? ALL_RULES : store.passwordProblems);
  return (
    <ul className="portal-password-rule" aria-live="polite" data-testid="password-rule">
      {ALL_RULES.map((rule) => (
        <li key={rule} className={failing.has(rule) ? 'is-open' : 'is-met'}>
          <Icon icon={failing.has(rule) ? 'circle' : 'tick-circle'} intent={failing.has(rule) ? 'none' : 'success'} size={14} />
          {t(`account.rule.${rule}`)}
        </li>
      ))}
      {passwordProblems(store.password.next).includes('tooLong') ? <li className="is-open">{t('account.rule.tooLong')}</li> : null}
    </ul>
  );
});

/** The password: changed here with the current one (embedded), or on Keycloak's page. */
export const PasswordCard = observer(function PasswordCard({ store }: { store: AccountStore }) {
  const { ui } = useStores();
  const { t } = useTranslation();
  const account = store.account!;
  const changed = account.passwordChangedAt
    ? t('account.passwordChangedAt', { at: formatDateTime(account.passwordChangedAt, ui.locale) })
    : t('account.passwordNeverChanged');
  if (account.provider === 'keycloak') {
    return (
      <Card>
        <H4>{t('account.password')}</H4>
        <p className="portal-muted">{changed}</p>
        {account.actions.includes('UPDATE_PASSWORD') ? (
          <ProviderActionButton
            store={store}
            action="UPDATE_PASSWORD"
            icon="key"
            text={t('account.changePasswordAtProvider')}
            data-testid="account-provider-password"
          />
        ) : null}
      </Card>
    );
  }
  return (
    <Card>
      <H4>{t('account.password')}</H4>
      <form
        className="portal-account-password"
        onSubmit={(e) => {
          e.preventDefault();
          void store.changePassword(t('account.passwordChanged'));
        }}
      >
        <p className="portal-muted">{changed}</p>
        <input type="text" name="username" autoComplete="username" value={account.username} readOnly hidden />
        <FormGroup label={t('account.currentPassword')} labelFor="account-current-password">
          <InputGroup
            id="account-current-password"
            type="password"
            autoComplete="current-password"
            value={store.password.current}
            onValueChange={(v) => store.setPassword('current', v)}
            data-testid="account-current-password"
          />
        </FormGroup>
        <FormGroup label={t('account.newPassword')} labelFor="account-new-password">
          <InputGroup
            id="account-new-password"
            type="password"
            autoComplete="new-password"
            value={store.password.next}
            onValueChange={(v) => store.setPassword('next', v)}
            aria-describedby="account-password-rule"
            data-testid="account-new-password"
          />
        </FormGroup>
        <div id="account-password-rule">
          <PasswordRule store={store} />
        </div>
        <FormGroup
          label={t('account.repeatPassword')}
          labelFor="account-repeat-password"
          intent={store.passwordsMatch ? 'none' : 'danger'}
          helperText={store.passwordsMatch ? undefined : t('account.mismatch')}
        >
          <InputGroup
            id="account-repeat-password"
            type="password"
            autoComplete="new-password"
            value={store.password.repeat}
            onValueChange={(v) => store.setPassword('repeat', v)}
            intent={store.passwordsMatch ? 'none' : 'danger'}
            data-testid="account-repeat-password"
          />
        </FormGroup>
        {store.passwordError ? (
          <Callout intent="danger" data-testid="account-password-error">
            {store.passwordError}
          </Callout>
        ) : null}
        <Button type="submit" intent="primary" text={t('account.changePassword')} disabled={!store.mayChangePassword} data-testid="account-change-password" />
      </form>
    </Card>
  );
});
