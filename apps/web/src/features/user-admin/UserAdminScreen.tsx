import { Button, Callout, Checkbox, Classes, HTMLSelect, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { ALL_PERMISSIONS, type IdpUser, type IdpUserSortField, type Permission } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { DataTable, type DataColumn } from '../../components/layout/DataTable';
import { useIsMobile } from '../../components/layout/use-is-mobile';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import { formatDateTime } from '../../i18n/format';
import de from './user-admin.de.json';
import en from './user-admin.en.json';
import { UserAdminStore, type EnabledFilter } from './UserAdminStore';
import { BulkEditDialog } from './BulkEditDialog';
import { UserDialog } from './UserDialog';
import './user-admin.css';
import { useErrorText } from '../../i18n/use-error-text';

addFeatureTranslations('userAdmin', { en, de });

/** "All clients", "All clients except 1005", or the assigned numbers. */
export function clientsText(
  user: Pick<IdpUser, 'klienten' | 'all_clients' | 'excluded'>,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (user.all_clients) return user.excluded.length ? t('userAdmin.allClientsExcept', { list: user.excluded.join(', ') }) : t('userAdmin.allClients');
  return user.klienten.length ? user.klienten.join(', ') : t('userAdmin.noClients');
}

const ROW_HEIGHT = 36;

/** Permission codes with their meaning; a cell too narrow for all of them names every one in its title. */
function PermissionCodes({ codes }: { codes: readonly Permission[] }) {
  const { t } = useTranslation();
  if (!codes.length) return <span className={Classes.TEXT_MUTED}>{t('userAdmin.noPermissions')}</span>;
  const named = codes.map((p) => `${p} – ${t(`userAdmin.perm.${p}`)}`);
  return (
    <span className="portal-codes" title={named.join('\n')}>
      {codes.map((p, i) => (
        <span key={p} data-code={p}>
          {i ? ' · ' : null}
          <code>{p}</code> {t(`userAdmin.perm.${p}`)}
        </span>
      ))}
    </span>
  );
}

/** /user-admin (adm): the identity provider's users with search, filters, sorting, editing and bulk edits. */
const UserAdminScreen = observer(function UserAdminScreen() {
  const root = useStores();
  const { t, i18n } = useTranslation();
  const errorOf = useErrorText();
  const [store] = useState(() => new UserAdminStore(root));
  const [editing, setEditing] = useState<IdpUser | 'new' | null>(null);
  const [bulk, setBulk] = useState(false);
  const mobile = useIsMobile();
  useEffect(() => store.activate(), [store]);

  const sortHeader = (field: IdpUserSortField) => {
    const label = t(`userAdmin.col.${field}`);
    const active = store.sort.field === field;
    return (
      <button
        type="button"
        className="portal-sort-header"
        onClick={() => store.sortBy(field)}
        aria-label={t('userAdmin.sortBy', { column: label })}
        aria-pressed={active}
        data-testid={`user-sort-${field}`}
      >
        {label}
        {active ? <span aria-hidden="true">{store.sort.direction === 1 ? ' ▲' : ' ▼'}</span> : null}
      </button>
    );
  };
  const allSelected = store.users.items.length > 0 && store.users.items.every((r) => store.selected.has(r.id));
  const columns: DataColumn<IdpUser>[] = [
    {
      id: 'select',
      header: (
        <Checkbox
          className="portal-select-box"
          checked={allSelected}
          indeterminate={!allSelected && store.selected.size > 0}
          onChange={store.toggleAll}
          aria-label={t('userAdmin.selectAll')}
        />
      ),
      render: (u) => (
        <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          <Checkbox
            className="portal-select-box"
            checked={store.selected.has(u.id)}
            onChange={() => store.toggle(u.id)}
            aria-label={t('userAdmin.select', { username: u.username })}
            data-testid={`user-select-${u.username}`}
          />
        </span>
      ),
      width: '36px',
      // Bulk edits are a desk job: the phone's cards leave the selection out.
      desktopOnly: true,
    },
    { id: 'username', header: sortHeader('username'), render: (u) => <strong>{u.username}</strong>, primary: true },
    // Whether a user can log in, and when they last did, come first: they must be in view on a 1280 wide desk.
    {
      id: 'enabled',
      header: sortHeader('enabled'),
      render: (u) => (
        <span className="portal-tags" data-testid="user-status">
          <Tag minimal intent={u.enabled ? 'success' : 'danger'} icon={u.enabled ? 'tick-circle' : 'disable'}>
            {u.enabled ? t('userAdmin.enabled') : t('userAdmin.disabled')}
          </Tag>
          {u.lockedUntil && u.lockedUntil > new Date().toISOString() ? (
            <Tag minimal intent="warning">
              {t('userAdmin.locked')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      id: 'lastLogin',
      header: sortHeader('lastLogin'),
      render: (u) => <span data-testid="user-last-login">{u.lastLogin ? formatDateTime(u.lastLogin, i18n.language) : t('userAdmin.never')}</span>,
    },
    { id: 'lastName', header: sortHeader('lastName'), render: (u) => u.lastName },
    { id: 'firstName', header: sortHeader('firstName'), render: (u) => u.firstName },
    { id: 'email', header: sortHeader('email'), render: (u) => u.email },
    { id: 'klienten', header: sortHeader('klienten'), render: (u) => clientsText(u, t) },
    { id: 'permissions', header: sortHeader('permissions'), render: (u) => <PermissionCodes codes={u.permissions} /> },
    { id: 'mobileApp', header: sortHeader('mobileApp'), render: (u) => (u.mobileApp ? t('userAdmin.yes') : t('userAdmin.no')) },
    { id: 'telNr', header: sortHeader('telNr'), render: (u) => u.telNr },
  ];

  return (
    <div className="portal-page portal-user-admin" data-testid="user-admin-screen">
      <div className="portal-page-bar portal-user-admin-bar">
        <InputGroup
          leftIcon="search"
          type="search"
          placeholder={t('userAdmin.search')}
          aria-label={t('userAdmin.search')}
          value={store.search}
          onValueChange={store.setSearch}
          className="portal-filter"
          data-testid="user-search"
        />
        <HTMLSelect
          aria-label={t('userAdmin.permission')}
          value={store.permission}
          onChange={(e) => store.setPermission(e.currentTarget.value as Permission | '')}
          data-testid="user-filter-permission"
        >
          <option value="">{t('userAdmin.anyPermission')}</option>
          {ALL_PERMISSIONS.map((p) => (
            <option key={p} value={p}>
              {p} – {t(`userAdmin.perm.${p}`)}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label={t('userAdmin.client')}
          value={store.client ?? ''}
          onChange={(e) => store.setClient(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          data-testid="user-filter-client"
        >
          <option value="">{t('userAdmin.anyClient')}</option>
          {root.company.sorted.map((c) => (
            <option key={c.company_no} value={c.company_no}>
              {c.company_no} {c.company_name}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label={t('userAdmin.status')}
          value={store.enabled}
          onChange={(e) => store.setEnabled(e.currentTarget.value as EnabledFilter)}
          data-testid="user-filter-enabled"
        >
          <option value="all">{t('userAdmin.statusAll')}</option>
          <option value="enabled">{t('userAdmin.statusEnabled')}</option>
          <option value="disabled">{t('userAdmin.statusDisabled')}</option>
        </HTMLSelect>
        <span className="portal-user-admin-actions">
          {store.selected.size > 0 ? (
            <>
              <Button
                icon="edit"
                intent="primary"
                text={t('userAdmin.bulkEdit', { count: store.selected.size })}
                onClick={() => setBulk(true)}
                data-testid="user-bulk"
              />
              <Button minimal text={t('userAdmin.clearSelection')} onClick={store.clearSelection} />
            </>
          ) : null}
          <Button icon="new-person" intent="primary" text={t('userAdmin.newUser')} onClick={() => setEditing('new')} data-testid="user-new" />
        </span>
      </div>
      {store.users.error ? <Callout intent="danger">{errorOf(store.users.error)}</Callout> : null}
      <div className={Classes.TEXT_MUTED} aria-live="polite" data-testid="user-count">
        {t('userAdmin.shown', { shown: store.users.items.length, total: store.users.total })}
      </div>
      <DataTable
        rows={store.users.items}
        columns={columns}
        rowKey={(u) => u.id}
        label={t('userAdmin.table')}
        onRowClick={(u) => setEditing(u)}
        empty={store.users.loaded ? <NonIdealState icon="people" title={t('userAdmin.empty')} /> : undefined}
        testId="user-table"
        rowTestId={(u) => `user-row-${u.username}`}
        // Thousands of users: on a desk only the rows in view are drawn; on a phone the cards. Both load the next page near the end.
        virtual={mobile ? undefined : { rowHeight: ROW_HEIGHT, maxHeight: Math.max(360, window.innerHeight - 230) }}
        onNearEnd={store.loadMore}
      />
      {editing ? <UserDialog store={store} user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {bulk ? <BulkEditDialog store={store} onClose={() => setBulk(false)} /> : null}
    </div>
  );
});

export default UserAdminScreen;
