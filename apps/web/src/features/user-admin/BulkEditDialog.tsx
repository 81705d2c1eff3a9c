import { Button, Callout, Checkbox, Classes, Code, Dialog, DialogBody, DialogFooter, HTMLTable, Tag } from '@blueprintjs/core';
import { ALL_PERMISSIONS, bulkEditConflicts, type IdpBulkEditResult, type Permission } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { UserAdminStore } from './UserAdminStore';

const toggled = <T,>(list: readonly T[], value: T, on: boolean) => (on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value));
const OUTCOME_INTENT = { unchanged: 'none', changed: 'primary', refused: 'warning', failed: 'danger' } as const;

/** Adds or removes permission codes and client assignments of the selected users, after a per-user preview. */
export const BulkEditDialog = observer(function BulkEditDialog({ store, onClose }: { store: UserAdminStore; onClose: () => void }) {
  const { t } = useTranslation();
  const { ui, company } = useStores();
  const [edit, setEdit] = useState({
    addPermissions: [] as Permission[],
    removePermissions: [] as Permission[],
    addClients: [] as number[],
    removeClients: [] as number[],
  });
  const [result, setResult] = useState<IdpBulkEditResult | null>(null);
  const count = store.selected.size;
  const empty = edit.addPermissions.length + edit.removePermissions.length + edit.addClients.length + edit.removeClients.length === 0;
  const conflicts = bulkEditConflicts(edit);
  const conflicting = conflicts.permissions.length + conflicts.clients.length > 0;
  const [conflictAsked, setConflictAsked] = useState(false);
  const conflictNote = useRef<HTMLDivElement>(null);
  // Preview with a conflict names it at the head of the dialog body (which may be scrolled down) and moves there.
  useEffect(() => {
    if (conflictAsked) conflictNote.current?.focus();
  }, [conflictAsked]);
  const change = (next: typeof edit) => {
    setEdit(next);
    setResult(null);
    setConflictAsked(false);
  };
  const run = (preview: boolean) => {
    // An edit that adds and removes the same thing is answered here, naming what conflicts, before any call.
    if (conflicting) {
      setConflictAsked(true);
      conflictNote.current?.focus();
      return undefined;
    }
    return store.bulk({ ...edit, preview }).then(
      (r) => {
        setResult(r);
        if (!preview) ui.success(t('userAdmin.bulkApplied', { count: r.applied }));
      },
      (e: unknown) => ui.notify(`${t('userAdmin.saveFailed')}: ${ui.errorText(e)}`, 'error'),
    );
  };
  const codes = (add: 'addPermissions' | 'removePermissions') => (
    <fieldset className="portal-fieldset">
      <legend className={Classes.LABEL}>{t(`userAdmin.${add}`)}</legend>
      <div className="portal-check-grid portal-check-grid--codes">
        {ALL_PERMISSIONS.map((p) => (
          <Checkbox
            key={p}
            checked={edit[add].includes(p)}
            onChange={(e) => change({ ...edit, [add]: toggled(edit[add], p, e.currentTarget.checked) })}
            data-testid={`bulk-${add}-${p}`}
          >
            <Code>{p}</Code> {t(`userAdmin.perm.${p}`)}
          </Checkbox>
        ))}
      </div>
    </fieldset>
  );
  const clients = (key: 'addClients' | 'removeClients') => (
    <fieldset className="portal-fieldset">
      <legend className={Classes.LABEL}>{t(`userAdmin.${key}`)}</legend>
      <div className="portal-check-grid">
        {company.sorted.map((c) => (
          <Checkbox
            key={c.company_no}
            checked={edit[key].includes(c.company_no)}
            onChange={(e) => change({ ...edit, [key]: toggled(edit[key], c.company_no, e.currentTarget.checked) })}
            data-testid={`bulk-${key}-${c.company_no}`}
          >
            {c.company_no} {c.company_name}
          </Checkbox>
        ))}
      </div>
    </fieldset>
  );
  const diff = (added: readonly (string | number)[], removed: readonly (string | number)[]) => (
    <>
      {added.map((v) => (
        <Tag key={`+${v}`} minimal intent="success" className="portal-diff-tag">
          +{v}
        </Tag>
      ))}
      {removed.map((v) => (
        <Tag key={`-${v}`} minimal intent="danger" className="portal-diff-tag">
          −{v}
        </Tag>
      ))}
    </>
  );
  return (
    <Dialog isOpen onClose={onClose} title={t('userAdmin.bulkTitle', { count })} className="portal-user-dialog portal-user-bulk">
      <DialogBody>
        {conflicting && conflictAsked ? (
          <div ref={conflictNote} tabIndex={-1} className="portal-bulk-conflict-note">
            <Callout intent="danger" icon="warning-sign" data-testid="bulk-conflicts" role="alert">
              {t('userAdmin.conflicts')}
              <ul className="portal-bulk-conflicts">
                {conflicts.permissions.map((p) => (
                  <li key={p}>
                    <Code>{p}</Code> {t(`userAdmin.perm.${p}`)}
                  </li>
                ))}
                {conflicts.clients.map((c) => (
                  <li key={c}>{t('userAdmin.conflictClient', { client: `${c} ${company.companies.get(c)?.company_name ?? ''}`.trim() })}</li>
                ))}
              </ul>
            </Callout>
          </div>
        ) : null}
        {codes('addPermissions')}
        {codes('removePermissions')}
        {clients('addClients')}
        {clients('removeClients')}
        <p className={Classes.TEXT_MUTED}>{t('userAdmin.previewHint')}</p>
        {result ? (
          <div className="portal-table-scroll">
            <HTMLTable compact striped className="portal-table" data-testid="bulk-result" aria-label={t('userAdmin.result')}>
              <thead>
                <tr>
                  <th scope="col">{t('userAdmin.user')}</th>
                  <th scope="col">{t('userAdmin.result')}</th>
                  <th scope="col">{t('userAdmin.permissions')}</th>
                  <th scope="col">{t('userAdmin.clients')}</th>
                  <th scope="col">{t('userAdmin.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r) => (
                  <tr key={r.userId} data-testid={`bulk-row-${r.username}`}>
                    <td>{r.username}</td>
                    <td>
                      <Tag minimal intent={OUTCOME_INTENT[r.outcome]}>
                        {t(`userAdmin.outcome.${r.outcome}`)}
                      </Tag>
                    </td>
                    <td>{diff(r.added.permissions, r.removed.permissions)}</td>
                    <td>{diff(r.added.clients, r.removed.clients)}</td>
                    <td>{r.reason ? ui.errorText({ message: r.reason, code: 403 }) : ''}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        ) : null}
        {result && !result.preview ? <Callout intent="success">{t('userAdmin.bulkApplied', { count: result.applied })}</Callout> : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={result && !result.preview ? t('userAdmin.close') : t('userAdmin.cancel')} onClick={onClose} />
            <Button
              text={t('userAdmin.preview')}
              disabled={empty}
              loading={store.saving && !result}
              onClick={() => void run(true)}
              data-testid="bulk-preview"
            />
            <Button
              intent="primary"
              text={t('userAdmin.apply', { count })}
              disabled={empty || !result?.preview}
              loading={store.saving && Boolean(result)}
              onClick={() => void run(false)}
              data-testid="bulk-apply"
            />
          </>
        }
      />
    </Dialog>
  );
});
