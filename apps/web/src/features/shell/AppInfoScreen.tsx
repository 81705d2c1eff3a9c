import { Card, H4, HTMLTable, Tag } from '@blueprintjs/core';
import { PERMISSIONS } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';

function Rows({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <HTMLTable compact className="portal-kv">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th>{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** /app-info: version, build, backend config, the signed-in user and their permissions. */
const AppInfoScreen = observer(function AppInfoScreen() {
  const { config, session, ui } = useStores();
  const { t } = useTranslation();
  const user = session.user;
  const portal = config.portal;
  return (
    <div className="portal-page portal-app-info" data-testid="app-info">
      <Card>
        <H4>{t('appInfo.application')}</H4>
        <Rows
          rows={[
            [t('appInfo.version'), <span data-testid="app-version">{config.app.version}</span>],
            [t('appInfo.build'), config.app.build],
            [
              t('appInfo.serverVersion'),
              <span>
                {config.serverVersion ?? '–'}
                {config.version?.build ? ` (${config.version.build})` : ''}{' '}
                <Tag minimal intent={config.outOfDate ? 'warning' : 'success'}>
                  {config.outOfDate ? t('appInfo.outOfDate') : t('appInfo.upToDate')}
                </Tag>
              </span>,
            ],
            [t('appInfo.ocrEngine'), <span data-testid="ocr-engine">{config.version?.ocrEngine ?? '–'}</span>],
          ]}
        />
      </Card>
      <Card>
        <H4>{t('appInfo.backendConfig')}</H4>
        <Rows
          rows={[
            [t('appInfo.brandShort'), config.brandShort],
            [t('appInfo.brandName'), config.brandName],
            [t('appInfo.slogan'), <i data-testid="slogan">{config.slogan(ui.locale)}</i>],
            [t('appInfo.documentation'), config.documentationUrl ?? '–'],
            [t('appInfo.provider'), portal?.provider ?? '–'],
            [t('appInfo.defaultAccountSystem'), config.backendConfig?.defaultAccountSystem ?? '–'],
            [t('appInfo.identityProvider'), `${config.bootstrap.oidc.kind} · ${config.bootstrap.oidc.issuer}`],
          ]}
        />
      </Card>
      <Card>
        <H4>{t('appInfo.user')}</H4>
        <Rows
          rows={[
            [t('appInfo.username'), user?.username ?? '–'],
            [t('appInfo.name'), user ? `${user.firstName} ${user.lastName}`.trim() : '–'],
            [t('appInfo.email'), user?.email ?? '–'],
            [t('appInfo.locale'), user?.locale ?? '–'],
            [t('appInfo.clients'), user?.all_clients ? t('appInfo.allClients') : (user?.klienten_array.join(', ') ?? '–')],
          ]}
        />
        <H4>{t('appInfo.permissions')}</H4>
        <div className="portal-tags" data-testid="permissions">
          {session.permissions.length === 0
            ? t('appInfo.noPermissions')
            : session.permissions.map((p) => (
                <Tag key={p} minimal title={PERMISSIONS[p]} data-testid={`permission-${p}`}>
                  {p}
                </Tag>
              ))}
        </div>
      </Card>
    </div>
  );
});

export default AppInfoScreen;
