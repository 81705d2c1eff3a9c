import { Button, Card, H4, Tag } from '@blueprintjs/core';
import type { DeviceView } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { DataTable, type DataColumn } from '../../components/layout/DataTable';
import { formatDateTime } from '../../i18n/format';
import type { AccountStore } from './AccountStore';

/** Every signed-in browser, this one marked; sign out one or all others (a table on desktop, cards on a phone). */
export const DevicesCard = observer(function DevicesCard({ store }: { store: AccountStore }) {
  const { ui } = useStores();
  const { t } = useTranslation();
  const account = store.account!;
  const others = account.devices.filter((d) => !d.current).length;
  const columns: DataColumn<DeviceView>[] = [
    {
      id: 'device',
      header: t('account.devices'),
      primary: true,
      render: (device) => (
        <>
          {t('account.device', { browser: device.browser, os: device.os })}
          {device.current ? (
            <Tag minimal intent="primary" className="portal-this-device" data-testid="this-device">
              {t('account.thisDevice')}
            </Tag>
          ) : null}
        </>
      ),
    },
    { id: 'address', header: t('account.address'), render: (device) => device.address },
    { id: 'firstSeen', header: t('account.firstSeen'), render: (device) => formatDateTime(device.firstSeen, ui.locale) },
    { id: 'lastSeen', header: t('account.lastSeen'), render: (device) => formatDateTime(device.lastSeen, ui.locale) },
    {
      id: 'signOut',
      header: t('account.signOut'),
      render: (device) =>
        device.current ? null : (
          <Button
            size="small"
            variant="outlined"
            icon="log-out"
            text={t('account.signOut')}
            onClick={() => void store.signOut(device.id)}
            data-testid="device-sign-out"
          />
        ),
    },
  ];
  return (
    <Card>
      <H4>{t('account.devices')}</H4>
      {account.lastLogin ? <p className="portal-muted">{t('account.lastLogin', { at: formatDateTime(account.lastLogin, ui.locale) })}</p> : null}
      <div className="portal-account-devices">
        <DataTable rows={account.devices} columns={columns} rowKey={(d) => d.id} label={t('account.devices')} testId="devices" rowTestId={() => 'device-row'} />
      </div>
      {others === 0 ? <p className="portal-muted">{t('account.noDevices')}</p> : null}
      <Button
        icon="log-out"
        intent="warning"
        variant="outlined"
        text={t('account.signOutOthers')}
        disabled={others === 0}
        onClick={() => void store.signOut('others')}
        data-testid="sign-out-others"
      />
    </Card>
  );
});
