import { Classes, Drawer, Divider, HTMLSelect, Icon, Menu, MenuDivider, MenuItem, Position, Switch, Tag } from '@blueprintjs/core';
import type { Locale } from '@portal/contracts';
import { LOCALES } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ADMIN_ENTRIES, MAIN_ENTRIES, visibleEntries } from '../../app/navigation';
import type { NavEntry } from '../../app/navigation';
import { routePath } from '../../app/routes';
import { useStores } from '../../app/stores-context';
import { useGuardedNavigate } from '../../app/use-guarded-navigate';

/** Spec §2 / 9: drawer width 300. */
export const DRAWER_WIDTH = 300;

const EntryItem = observer(function EntryItem({ entry }: { entry: NavEntry }) {
  const { company, session, editorBadge, bankAlerts, rpaErrors } = useStores();
  const { t } = useTranslation();
  const navigate = useGuardedNavigate();
  const path = routePath(entry.routeId, entry.perClient ? { client: company.client ?? 0 } : {});
  if (!path) return null;
  const badgeAllowed = !entry.badgeAnyOf || session.has(...entry.badgeAnyOf);
  const counts = {
    invoices: company.invoiceCount,
    editorInbox: editorBadge.count,
    bankAccesses: bankAlerts.clientCount,
    bankOverview: bankAlerts.allCount,
    rpaErrors: rpaErrors.open,
  };
  const count = !badgeAllowed || !entry.badge ? null : counts[entry.badge];
  const bank = entry.badge === 'bankAccesses' || entry.badge === 'bankOverview';
  return (
    <MenuItem
      icon={entry.icon}
      text={t(entry.labelKey)}
      href={path}
      onClick={(e) => {
        e.preventDefault();
        navigate(path);
      }}
      labelElement={
        count ? (
          <Tag
            round
            intent={bank ? 'warning' : entry.badge === 'rpaErrors' ? 'danger' : 'primary'}
            data-testid={`badge-${entry.badge}`}
            title={t(
              bank
                ? 'drawer.bankAccessCount'
                : entry.badge === 'invoices'
                  ? 'drawer.invoiceCount'
                  : entry.badge === 'rpaErrors'
                    ? 'drawer.rpaErrorCount'
                    : 'drawer.editorInboxCount',
            )}
          >
            {count}
          </Tag>
        ) : undefined
      }
      data-testid={`nav-${entry.routeId}`}
    />
  );
});

/** Temporary side drawer (spec §2): permission-based entries, documentation, app info, language, theme, user, logout. */
export const AppDrawer = observer(function AppDrawer() {
  const { ui, session, config } = useStores();
  const { t } = useTranslation();
  const navigate = useGuardedNavigate();
  const main = visibleEntries(MAIN_ENTRIES, session.has);
  const admin = visibleEntries(ADMIN_ENTRIES, session.has);
  const preferences = routePath('account-preferences');
  return (
    <Drawer
      isOpen={ui.drawerOpen}
      onClose={ui.closeDrawer}
      position={Position.LEFT}
      size={DRAWER_WIDTH}
      title={config.brandShort}
      icon="menu"
      canEscapeKeyClose
      canOutsideClickClose
      className="portal-drawer"
    >
      <div className={Classes.DRAWER_BODY} data-testid="drawer">
        <div className="portal-drawer-brand">
          <div className="portal-drawer-firm">{config.brandName}</div>
          <div className="portal-drawer-slogan" data-testid="drawer-slogan">
            {config.slogan(ui.locale)}
          </div>
        </div>
        <Menu className="portal-drawer-menu">
          {main.map((e) => (
            <EntryItem key={e.routeId} entry={e} />
          ))}
          {admin.length ? (
            <>
              <MenuDivider title={t('drawer.admin')} />
              {admin.map((e) => (
                <EntryItem key={e.routeId} entry={e} />
              ))}
            </>
          ) : null}
          {main.length || admin.length ? <MenuDivider /> : null}
          {config.documentationUrl ? (
            <MenuItem
              icon="manual"
              text={t('drawer.documentation')}
              href={config.documentationUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="nav-documentation"
            />
          ) : null}
          <MenuItem
            icon="info-sign"
            text={t('drawer.appInfo')}
            href="/app-info"
            onClick={(e) => {
              e.preventDefault();
              navigate('/app-info');
            }}
            data-testid="nav-app-info"
          />
        </Menu>
        <Divider />
        <div className="portal-drawer-settings">
          <label className={Classes.LABEL}>
            {t('drawer.language')}
            <HTMLSelect
              value={ui.locale}
              onChange={(e) => void session.changeLocale(e.currentTarget.value as Locale)}
              options={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
              fill
              data-testid="language-select"
              aria-label={t('drawer.language')}
            />
          </label>
          <Switch checked={ui.darkMode} onChange={ui.toggleDarkMode} label={t('drawer.darkTheme')} data-testid="dark-switch" />
        </div>
        <Divider />
        <Menu className="portal-drawer-menu">
          {preferences ? (
            <MenuItem
              icon="user"
              text={session.email}
              href={preferences}
              onClick={(e) => {
                e.preventDefault();
                navigate(preferences);
              }}
              data-testid="user-email"
            />
          ) : (
            <li className="portal-user-line" data-testid="user-email" role="none">
              <Icon icon="user" />
              <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{session.email}</span>
            </li>
          )}
          <MenuItem icon="log-out" text={t('drawer.logout')} onClick={() => navigate('/logout')} data-testid="logout" />
        </Menu>
      </div>
    </Drawer>
  );
});
