import { Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, NonIdealState, TextArea } from '@blueprintjs/core';
import type { FonConflict } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { DataTable, ResponsiveBar, type DataColumn } from '../../components/layout';
import { formatDate, formatDateTime } from '../../i18n/format';
import type { ConflictFilter } from './FonConflictsStore';
import type { FonStore } from './FonStore';
import { ConflictKindTag } from './fon-tags';
import { useFonErrorText } from './use-fon-error';

const FILTERS: ConflictFilter[] = ['open', 'resolved_manually', 'closed', 'all'];

/** A side's value as people read it: a date formatted, a missing value named. */
function Value({ value, field, locale }: { value: string | null; field: string; locale: string }) {
  const { t } = useTranslation();
  if (value === null) return <span className="portal-fon-missing">{t('fon.conflicts.missing')}</span>;
  return <>{field === 'abgabedatum' ? formatDate(value, locale) : value}</>;
}

/** "Resolve manually" with a remark (required); the remark and the person are recorded. */
const ResolveDialog = observer(function ResolveDialog({ store, conflict, onClose }: { store: FonStore; conflict: FonConflict; onClose: () => void }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const errorText = useFonErrorText();
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (!remark.trim()) return setError(t('fon.errors.required'));
    store.conflicts.resolve(conflict.id, remark.trim()).then(
      () => {
        ui.success(t('fon.conflicts.resolved'));
        onClose();
      },
      (e: unknown) => setError(errorText(e)),
    );
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('fon.conflicts.resolveTitle', { name: conflict.name })}
      style={{ width: 'min(520px, 96vw)' }}
      data-testid="fon-resolve-dialog"
    >
      <DialogBody>
        <p className={Classes.TEXT_MUTED}>{t('fon.conflicts.resolveHint')}</p>
        <FormGroup label={t('fon.items.remark')} labelFor="fon-resolve-remark" helperText={error ?? undefined} intent={error ? 'danger' : 'none'}>
          <TextArea
            id="fon-resolve-remark"
            fill
            autoFocus
            value={remark}
            onChange={(e) => setRemark(e.currentTarget.value)}
            intent={error ? 'danger' : 'none'}
            data-testid="fon-resolve-remark"
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('fon.admin.cancel')} onClick={onClose} />
            <Button intent="primary" text={t('fon.conflicts.resolve')} onClick={save} loading={store.busy} data-testid="fon-resolve-save" />
          </>
        }
      />
    </Dialog>
  );
});

/** The conflicts of FinanzOnline and NTCS with both values side by side; open ones can be resolved manually. */
export const ConflictsTab = observer(function ConflictsTab({ store }: { store: FonStore }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const [resolving, setResolving] = useState<FonConflict | null>(null);
  const locale = ui.locale;
  const columns: DataColumn<FonConflict>[] = [
    { id: 'kind', header: t('fon.conflicts.columns.kind'), render: (c) => <ConflictKindTag kind={c.kind} /> },
    { id: 'name', header: t('fon.conflicts.columns.name'), primary: true, render: (c) => c.name },
    { id: 'taxId', header: t('fon.conflicts.columns.taxId'), render: (c) => <span className="portal-num">{c.taxId}</span> },
    { id: 'quotenArt', header: t('fon.conflicts.columns.quotenArt'), render: (c) => <abbr title={t(`fon.returnTypes.${c.quotenArt}`)}>{c.quotenArt}</abbr> },
    { id: 'field', header: t('fon.conflicts.columns.field'), render: (c) => t(`fon.conflicts.fields.${c.field}`, { defaultValue: c.field }) },
    { id: 'fon', header: t('fon.conflicts.columns.fon'), render: (c) => <Value value={c.fon_value} field={c.field} locale={locale} /> },
    { id: 'ntcs', header: t('fon.conflicts.columns.ntcs'), render: (c) => <Value value={c.ntcs_value} field={c.field} locale={locale} /> },
    { id: 'opened', header: t('fon.conflicts.columns.opened'), render: (c) => formatDate(c.opened_at, locale) },
    {
      id: 'resolution',
      header: t('fon.conflicts.columns.resolution'),
      render: (c) =>
        c.status === 'open' ? (
          <Button small icon="tick" text={t('fon.conflicts.resolve')} onClick={() => setResolving(c)} data-testid={`fon-resolve-${c.id}`} />
        ) : (
          <span data-testid={`fon-resolution-${c.id}`}>
            {t(`fon.conflicts.statuses.${c.status}`)}
            {c.remark ? `: ${t('fon.conflicts.resolvedBy', { remark: c.remark, time: formatDateTime(c.closed_at, locale) })}` : ''}
          </span>
        ),
    },
  ];
  return (
    <div className="portal-fon-conflicts">
      <ResponsiveBar label={t('fon.conflicts.status')} testId="fon-conflict-filters">
        <HTMLSelect
          aria-label={t('fon.conflicts.status')}
          value={store.conflicts.filter}
          onChange={(e) => void store.conflicts.setFilter(e.currentTarget.value as ConflictFilter)}
          data-testid="fon-conflict-status"
        >
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(`fon.conflicts.statuses.${f}`)}
            </option>
          ))}
        </HTMLSelect>
        <span className="portal-muted">{t('fon.conflicts.count', { count: store.conflicts.list.items.length })}</span>
      </ResponsiveBar>
      <DataTable
        label={t('fon.conflicts.label')}
        rows={store.conflicts.list.items}
        rowKey={(c) => c.id}
        columns={columns}
        empty={<NonIdealState icon="tick-circle" title={t('fon.conflicts.empty')} />}
        testId="fon-conflicts"
        rowTestId={(c) => `fon-conflict-${c.item_id}`}
      />
      {resolving ? <ResolveDialog store={store} conflict={resolving} onClose={() => setResolving(null)} /> : null}
    </div>
  );
});
