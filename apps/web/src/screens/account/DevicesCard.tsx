import { Button, Card, H4, HTMLTable, Tag } from '@blueprintjs/core';
import type { DeviceView, Locale } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { formatDateTime } from '../../i18n/format';
import type { AccountStore } from '../../stores/account/AccountStore';

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

/** Every signed-in browser, this one marked; sign out one or all others. */
export const DevicesCard = observer(function DevicesCard({ store }: { store: AccountStore }) {
  const { ui } = useStores();
  const { t } = useTranslation();
  const account = store.account!;
  const others = account.devices.filter((d) => !d.current).length;
  return (
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
  );
});
