import { Alert, Button, Classes, H3, NonIdealState } from '@blueprintjs/core';
import type { FonFirm, FonUser } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { DataTable, ResponsiveBar, type DataColumn } from '../../components/layout';
import type { FonStore } from './FonStore';
import { FirmDialog } from './FirmDialog';
import { FonUserDialog } from './FonUserDialog';
import { useFonErrorText } from './use-fon-error';

/** Firms (Kanzlei) and the chosen firm's FON users: create, edit, delete (a user not while an import runs). */
export const AdminTab = observer(function AdminTab({ store }: { store: FonStore }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const errorText = useFonErrorText();
  const [firmDialog, setFirmDialog] = useState<FonFirm | 'new' | null>(null);
  const [userDialog, setUserDialog] = useState<FonUser | 'new' | null>(null);
  const [deleting, setDeleting] = useState<{ kind: 'user'; record: FonUser } | { kind: 'firm'; record: FonFirm } | null>(null);
  const remove = () => {
    if (!deleting) return;
    const work = deleting.kind === 'user' ? store.admin.removeUser(deleting.record.id) : store.admin.removeFirm(deleting.record.id);
    setDeleting(null);
    work.then(
      () => ui.success(t('fon.admin.deleted')),
      (e: unknown) => ui.error(errorText(e)),
    );
  };
  const removeUser = (u: FonUser) => setDeleting({ kind: 'user', record: u });
  const fetch = (u: FonUser) =>
    store.imports.fetchFromFinanzOnline(u.id).then(
      () => ui.success(t('fon.imports.started')),
      (e: unknown) => ui.error(errorText(e)),
    );
  const removeFirm = (f: FonFirm) => setDeleting({ kind: 'firm', record: f });
  const firmColumns: DataColumn<FonFirm>[] = [
    { id: 'name', header: t('fon.admin.fields.name'), primary: true, render: (f) => f.name },
    { id: 'ntcs', header: t('fon.admin.fields.ntcsId'), numeric: true, render: (f) => f.ntcs_id },
    { id: 'user', header: t('fon.admin.fields.webekuUser'), render: (f) => f.webeku_user ?? '–' },
    {
      id: 'password',
      header: t('fon.admin.fields.webekuPassword'),
      render: (f) => (f.webeku_password_set ? t('fon.admin.passwordSet') : t('fon.admin.passwordNotSet')),
    },
    {
      id: 'actions',
      header: '',
      render: (f) => (
        <span className="portal-fon-actions">
          <Button
            small
            icon="edit"
            aria-label={`${t('fon.admin.edit')}: ${f.name}`}
            title={t('fon.admin.edit')}
            onClick={() => setFirmDialog(f)}
            data-testid={`fon-firm-edit-${f.id}`}
          />
          <Button
            small
            icon="trash"
            aria-label={`${t('fon.admin.delete')}: ${f.name}`}
            title={t('fon.admin.delete')}
            onClick={() => removeFirm(f)}
            data-testid={`fon-firm-delete-${f.id}`}
          />
        </span>
      ),
    },
  ];
  const userColumns: DataColumn<FonUser>[] = [
    { id: 'name', header: t('fon.admin.fields.name'), primary: true, render: (u) => u.name },
    { id: 'year', header: t('fon.admin.fields.quotaYear'), numeric: true, render: (u) => u.quota_year },
    { id: 'type', header: t('fon.admin.fields.type'), render: (u) => t(`fon.admin.types.${u.type}`) },
    { id: 'tid', header: t('fon.admin.fields.tid'), render: (u) => u.tid ?? '–' },
    { id: 'benid', header: t('fon.admin.fields.benid'), render: (u) => u.benid ?? '–' },
    {
      id: 'pin',
      header: t('fon.admin.fields.pin'),
      render: (u) => (u.type === 'webservice' ? (u.pin_set ? t('fon.admin.passwordSet') : t('fon.admin.passwordNotSet')) : '–'),
    },
    {
      id: 'actions',
      header: '',
      render: (u) => (
        <span className="portal-fon-actions">
          {u.type === 'webservice' ? (
            <Button
              small
              icon="cloud-download"
              aria-label={t('fon.imports.fetch', { name: u.name })}
              title={t('fon.imports.fetch', { name: u.name })}
              disabled={store.busy || store.imports.running}
              onClick={() => fetch(u)}
              data-testid={`fon-user-fetch-${u.id}`}
            />
          ) : null}
          <Button
            small
            icon="edit"
            aria-label={`${t('fon.admin.edit')}: ${u.name}`}
            title={t('fon.admin.edit')}
            onClick={() => setUserDialog(u)}
            data-testid={`fon-user-edit-${u.id}`}
          />
          <Button
            small
            icon="trash"
            aria-label={`${t('fon.admin.delete')}: ${u.name}`}
            title={t('fon.admin.delete')}
            onClick={() => removeUser(u)}
            data-testid={`fon-user-delete-${u.id}`}
          />
        </span>
      ),
    },
  ];
  return (
    <div className="portal-fon-admin">
      <section aria-labelledby="fon-firms-heading">
        <ResponsiveBar>
          <H3 id="fon-firms-heading" className="portal-fon-heading">
            {t('fon.admin.firms')}
          </H3>
          <span className="portal-spacer" />
          <Button icon="plus" intent="primary" text={t('fon.admin.newFirm')} onClick={() => setFirmDialog('new')} data-testid="fon-firm-new" />
        </ResponsiveBar>
        <DataTable
          label={t('fon.admin.firms')}
          rows={store.admin.firms.items}
          rowKey={(f) => f.id}
          columns={firmColumns}
          testId="fon-firms"
          rowTestId={(f) => `fon-firm-${f.id}`}
        />
      </section>
      {store.admin.firm ? (
        <section aria-labelledby="fon-users-heading">
          <ResponsiveBar>
            <H3 id="fon-users-heading" className="portal-fon-heading">
              {t('fon.admin.users')} <span className={Classes.TEXT_MUTED}>· {store.admin.firm.name}</span>
            </H3>
            <span className="portal-spacer" />
            <Button icon="plus" intent="primary" text={t('fon.admin.newUser')} onClick={() => setUserDialog('new')} data-testid="fon-user-new" />
          </ResponsiveBar>
          <DataTable
            label={t('fon.admin.users')}
            rows={store.admin.firmUsers}
            rowKey={(u) => u.id}
            columns={userColumns}
            empty={<NonIdealState icon="user" title={t('fon.admin.noUsers')} />}
            testId="fon-users"
            rowTestId={(u) => `fon-user-${u.id}`}
          />
        </section>
      ) : null}
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        confirmButtonText={t('fon.admin.delete')}
        cancelButtonText={t('fon.admin.cancel')}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        <p data-testid="fon-delete-confirm">{t('fon.admin.confirmDelete', { name: deleting?.record.name ?? '' })}</p>
      </Alert>
      {firmDialog ? <FirmDialog store={store} firm={firmDialog === 'new' ? null : firmDialog} onClose={() => setFirmDialog(null)} /> : null}
      {userDialog ? <FonUserDialog store={store} user={userDialog === 'new' ? null : userDialog} onClose={() => setUserDialog(null)} /> : null}
    </div>
  );
});
