import { Button, Callout, Card, FormGroup, H4, HTMLSelect, HTMLTable, Icon, InputGroup, Tag } from '@blueprintjs/core';
import type { DeviceView, Locale, PasswordProblem } from '@portal/contracts';
import { LOCALES, passwordProblems } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { useIsMobile } from '../../components/layout/use-is-mobile';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import { formatDateTime } from '../../i18n/format';
import de from '../../i18n/locales/account.de.json';
import en from '../../i18n/locales/account.en.json';
import { AccountStore } from '../../stores/account/AccountStore';
import './account.css';
import { useErrorText } from '../../i18n/use-error-text';

addFeatureTranslations('account', { en, de });

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

function DeviceRow({ device, onSignOut, locale }: { device: DeviceView; onSignOut: () => void; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <tr data-testid="device-row">
      <td>
        {t('account.device', { browser: device.browser, os: device.os })}
        {device.current ? (
          <Tag minimal intent="primary" className="portal-this-device" data-testid="this-device">
            {t('account.thisDevice')}
          </Tag>
        ) : null}
      </td>
      <td>{device.address}</td>
      <td>{formatDateTime(device.firstSeen, locale)}</td>
      <td>{formatDateTime(device.lastSeen, locale)}</td>
      <td>{device.current ? null : <Button size="small" variant="outlined" icon="log-out" text={t('account.signOut')} onClick={onSignOut} data-testid="device-sign-out" />}</td>
    </tr>
  );
}

const SecondFactorCard = observer(function SecondFactorCard({ store }: { store: AccountStore }) {
  const { t } = useTranslation();
  const account = store.account!;
  const codeInput = (
    <FormGroup label={t('account.totpCode')} labelFor="account-totp-code" intent={store.totpError ? 'danger' : 'none'} helperText={store.totpError ?? undefined}>
      <InputGroup id="account-totp-code" value={store.totpCode} onValueChange={store.setTotpCode} inputMode="numeric" autoComplete="one-time-code" data-testid="account-totp-code" />
    </FormGroup>
  );
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
          <p>
            <Tag intent="success" icon="shield">
              {t('account.totpOn')}
            </Tag>{' '}
            <span className="portal-muted">{t('account.recoveryLeft', { count: account.recoveryCodesLeft })}</span>
          </p>
          <p className="portal-muted">{t('account.totpDisableHint')}</p>
          <div className="portal-account-password">{codeInput}</div>
          <Button intent="danger" variant="outlined" text={t('account.totpDisable')} disabled={store.totpCode === '' || store.saving} onClick={() => void store.disableTotp()} data-testid="totp-disable" />
        </>
      ) : store.totpSetup ? (
        <div className="portal-totp-setup">
          <p>{t('account.totpScan')}</p>
          <img src={store.totpSetup.qr} alt={store.totpSetup.uri} width={180} height={180} className="portal-totp-qr" data-testid="totp-qr" />
          <p>
            {t('account.totpKey')}: <code data-testid="totp-secret">{store.totpSetup.secret}</code>
          </p>
          <div className="portal-account-password">{codeInput}</div>
          <Button intent="primary" text={t('account.totpConfirm')} disabled={store.totpCode === '' || store.saving} onClick={() => void store.confirmTotp()} data-testid="totp-confirm" />{' '}
          <Button variant="minimal" text={t('account.cancel')} onClick={store.cancelTotpSetup} />
        </div>
      ) : (
        <>
          <Callout intent="warning" data-testid="totp-off">
            {t('account.totpOff')}
          </Callout>
          <Button className="portal-totp-start" icon="mobile-phone" text={t('account.totpSetUp')} disabled={store.saving} onClick={() => void store.beginTotp()} data-testid="totp-begin" />
        </>
      )}
    </Card>
  );
});

/** /account/preferences (issue 17): language, personal details, password and logged-in devices of the signed-in user. */
const AccountScreen = observer(function AccountScreen() {
  const root = useStores();
  const { ui, session } = root;
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const mobile = useIsMobile();
  const [store] = useState(() => new AccountStore(root));
  useEffect(() => {
    void store.load();
  }, [store]);
  // Issue 9.1: changed personal details are not left behind silently.
  useEffect(
    () =>
      ui.leave.protect({
        dirty: () => store.detailsChanged,
        save: async () => {
          await store.saveDetails(t('account.saved'), t('account.saveFailed'));
          return !store.detailsChanged;
        },
        discard: store.discardDetails,
      }),
    [ui, store, t],
  );
  const account = store.account;
  if (!account) {
    return <div className="portal-page">{store.error ? <Callout intent="danger">{errorOf(store.error)}</Callout> : null}</div>;
  }
  const others = account.devices.filter((d) => !d.current).length;
  return (
    <div className={`portal-page portal-account${mobile ? ' is-mobile' : ''}`} data-testid="account-screen">
      <Card>
        <H4>{t('account.language')}</H4>
        <FormGroup label={t('account.language')} labelFor="account-language" helperText={t('account.languageHint')}>
          <HTMLSelect
            id="account-language"
            value={ui.locale}
            onChange={(e) => void session.changeLocale(e.currentTarget.value as Locale)}
            options={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            data-testid="account-language"
          />
        </FormGroup>
      </Card>

      <Card>
        <H4>{t('account.details')}</H4>
        <div className="portal-account-grid">
          <FormGroup label={t('account.username')} labelFor="account-username">
            <InputGroup id="account-username" value={account.username} readOnly />
          </FormGroup>
          <FormGroup label={t('account.email')} labelFor="account-email">
            <InputGroup id="account-email" value={account.email} readOnly type="email" />
          </FormGroup>
          <FormGroup label={t('account.firstName')} labelFor="account-first-name">
            <InputGroup id="account-first-name" value={store.details.firstName} onValueChange={(v) => store.setDetail('firstName', v)} autoComplete="given-name" data-testid="account-first-name" />
          </FormGroup>
          <FormGroup label={t('account.lastName')} labelFor="account-last-name">
            <InputGroup id="account-last-name" value={store.details.lastName} onValueChange={(v) => store.setDetail('lastName', v)} autoComplete="family-name" data-testid="account-last-name" />
          </FormGroup>
          <FormGroup label={t('account.telNr')} labelFor="account-tel">
            <InputGroup id="account-tel" value={store.details.telNr} onValueChange={(v) => store.setDetail('telNr', v)} type="tel" autoComplete="tel" data-testid="account-tel" />
          </FormGroup>
        </div>
        <Button intent="primary" text={t('account.save')} disabled={!store.detailsChanged || store.saving} onClick={() => void store.saveDetails(t('account.saved'), t('account.saveFailed'))} data-testid="account-save" />
      </Card>

      <Card>
        <H4>{t('account.password')}</H4>
        {account.provider === 'keycloak' ? (
          <Callout intent="primary">{t('account.passwordAtKeycloak')}</Callout>
        ) : (
          <form
            className="portal-account-password"
            onSubmit={(e) => {
              e.preventDefault();
              void store.changePassword(t('account.passwordChanged'));
            }}
          >
            <p className="portal-muted">{account.passwordChangedAt ? t('account.passwordChangedAt', { at: formatDateTime(account.passwordChangedAt, ui.locale) }) : t('account.passwordNeverChanged')}</p>
            <input type="text" name="username" autoComplete="username" value={account.username} readOnly hidden />
            <FormGroup label={t('account.currentPassword')} labelFor="account-current-password">
              <InputGroup id="account-current-password" type="password" autoComplete="current-password" value={store.password.current} onValueChange={(v) => store.setPassword('current', v)} data-testid="account-current-password" />
            </FormGroup>
            <FormGroup label={t('account.newPassword')} labelFor="account-new-password">
              <InputGroup id="account-new-password" type="password" autoComplete="new-password" value={store.password.next} onValueChange={(v) => store.setPassword('next', v)} aria-describedby="account-password-rule" data-testid="account-new-password" />
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
              <InputGroup id="account-repeat-password" type="password" autoComplete="new-password" value={store.password.repeat} onValueChange={(v) => store.setPassword('repeat', v)} intent={store.passwordsMatch ? 'none' : 'danger'} data-testid="account-repeat-password" />
            </FormGroup>
            {store.passwordError ? (
              <Callout intent="danger" data-testid="account-password-error">
                {store.passwordError}
              </Callout>
            ) : null}
            <Button type="submit" intent="primary" text={t('account.changePassword')} disabled={!store.mayChangePassword} data-testid="account-change-password" />
          </form>
        )}
      </Card>

      {account.provider === 'embedded' ? <SecondFactorCard store={store} /> : null}

      <Card>
        <H4>{t('account.devices')}</H4>
        {account.lastLogin ? <p className="portal-muted">{t('account.lastLogin', { at: formatDateTime(account.lastLogin, ui.locale) })}</p> : null}
        <div className="portal-account-devices">
          <HTMLTable compact striped data-testid="devices">
            <thead>
              <tr>
                <th>{t('account.devices')}</th>
                <th>{t('account.address')}</th>
                <th>{t('account.firstSeen')}</th>
                <th>{t('account.lastSeen')}</th>
                <th aria-label={t('account.signOut')} />
              </tr>
            </thead>
            <tbody>
              {account.devices.map((device) => (
                <DeviceRow key={device.id} device={device} locale={ui.locale} onSignOut={() => void store.signOut(device.id)} />
              ))}
            </tbody>
          </HTMLTable>
        </div>
        {others === 0 ? <p className="portal-muted">{t('account.noDevices')}</p> : null}
        <Button icon="log-out" intent="warning" variant="outlined" text={t('account.signOutOthers')} disabled={others === 0} onClick={() => void store.signOut('others')} data-testid="sign-out-others" />
      </Card>
    </div>
  );
});

export default AccountScreen;
