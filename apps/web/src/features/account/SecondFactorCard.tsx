import { Button, Callout, Card, FormGroup, H4, InputGroup, Tag } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/use-error-text';
import type { AccountStore } from './AccountStore';
import { ProviderActionButton } from './ProviderActionButton';

/** The authenticator app (TOTP): set up with a QR code and a code, recovery codes once, off with a code; with Keycloak on its pages. */
export const SecondFactorCard = observer(function SecondFactorCard({ store }: { store: AccountStore }) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const account = store.account!;
  const keycloak = account.provider === 'keycloak';
  const codeInput = (
    <FormGroup
      label={t('account.totpCode')}
      labelFor="account-totp-code"
      intent={store.totpError ? 'danger' : 'none'}
      helperText={store.totpError ? errorOf({ message: store.totpError, code: 401 }) : undefined}
    >
      <InputGroup
        id="account-totp-code"
        value={store.totpCode}
        onValueChange={store.setTotpCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        data-testid="account-totp-code"
      />
    </FormGroup>
  );
  const on = (
    <p>
      <Tag intent="success" icon="shield">
        {t('account.totpOn')}
      </Tag>{' '}
      {keycloak ? null : <span className="portal-muted">{t('account.recoveryLeft', { count: account.recoveryCodesLeft })}</span>}
    </p>
  );
  const off = (
    <Callout intent="warning" data-testid="totp-off">
      {t('account.totpOff')}
    </Callout>
  );
  if (keycloak) {
    return (
      <Card data-testid="second-factor">
        <H4>{t('account.secondFactor')}</H4>
        {account.totp ? on : off}
        {account.totp && account.totpCredentialId ? (
          <ProviderActionButton
            store={store}
            action={`delete_credential:${account.totpCredentialId}`}
            className="portal-totp-start"
            intent="danger"
            variant="outlined"
            text={t('account.totpRemove')}
          />
        ) : null}
        {!account.totp && account.actions.includes('CONFIGURE_TOTP') ? (
          <ProviderActionButton store={store} action="CONFIGURE_TOTP" className="portal-totp-start" icon="mobile-phone" text={t('account.totpSetUp')} />
        ) : null}
      </Card>
    );
  }
  return (
    <Card data-testid="second-factor">
      <H4>{t('account.secondFactor')}</H4>
      {store.recoveryCodes ? (
        <Callout intent="warning" data-testid="recovery-codes">
          <p>{t('account.totpRecovery')}</p>
          <ul className="portal-recovery-codes">
            {store.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </Callout>
      ) : null}
      {account.totp ? (
        <>
          {on}
          <p className="portal-muted">{t('account.totpDisableHint')}</p>
          <div className="portal-account-password">{codeInput}</div>
          <Button
            intent="danger"
            variant="outlined"
            text={t('account.totpDisable')}
            disabled={store.totpCode === '' || store.saving}
            onClick={() => void store.disableTotp()}
            data-testid="totp-disable"
          />
        </>
      ) : store.totpSetup ? (
        <div className="portal-totp-setup">
          <p>{t('account.totpScan')}</p>
          <img src={store.totpSetup.qr} alt={store.totpSetup.uri} width={180} height={180} className="portal-totp-qr" data-testid="totp-qr" />
          <p>
            {t('account.totpKey')}: <code data-testid="totp-secret">{store.totpSetup.secret}</code>
          </p>
          <div className="portal-account-password">{codeInput}</div>
          <Button
            intent="primary"
            text={t('account.totpConfirm')}
            disabled={store.totpCode === '' || store.saving}
            onClick={() => void store.confirmTotp()}
            data-testid="totp-confirm"
          />{' '}
          <Button variant="minimal" text={t('account.cancel')} onClick={store.cancelTotpSetup} />
        </div>
      ) : (
        <>
          {off}
          <Button
            className="portal-totp-start"
            icon="mobile-phone"
            text={t('account.totpSetUp')}
            disabled={store.saving}
            onClick={() => void store.beginTotp()}
            data-testid="totp-begin"
          />
        </>
      )}
    </Card>
  );
});
