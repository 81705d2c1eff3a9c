import { Button, Checkbox, Classes } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { DocumentsStore } from './DocumentsStore';

/** Accepted by the upload endpoint (checked again by magic bytes on the server). */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.tif,.tiff,.xml,application/pdf,image/png,image/jpeg,image/tiff,application/xml,text/xml';

/** Count, selection actions (trash or restore) and the upload button. */
export const ActionBar = observer(function ActionBar({ store }: { store: DocumentsStore }) {
  const { ui, session } = useStores();
  const [payroll, setPayroll] = useState(false);
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const count = store.selected.size;
  const inTrash = store.tab === 'Deleted';

  const run = (action: () => Promise<number>, doneKey: string) =>
    action().then(
      (n) => n > 0 && ui.success(t(doneKey, { count: n })),
      (e: unknown) => ui.error(e),
    );

  // Moving to the trash can be undone from its snackbar.
  const moveToTrash = () => {
    const ids = store.selectedIds;
    store.moveToTrash(ids).then(
      (n) => {
        if (n === 0) return;
        ui.success(t('documents.list.trashed', { count: n }), {
          text: t('documents.list.undo'),
          run: () => void store.restore(ids).then((back) => back > 0 && ui.success(t('documents.list.restored', { count: back })), ui.error),
        });
      },
      (e: unknown) => ui.error(e),
    );
  };

  return (
    <div className="portal-documents-actions">
      <span className={[Classes.TEXT_MUTED, store.rows.loaded ? '' : Classes.SKELETON].join(' ')} data-testid="documents-count" aria-busy={!store.rows.loaded}>
        {store.rows.loaded ? t('documents.list.count', { count: store.rows.total }) : t('documents.list.loading')}
        {count > 0 ? ` · ${t('documents.list.selected', { count })}` : ''}
      </span>
      <span className="portal-spacer" />
      {inTrash ? (
        <Button
          icon="undo"
          text={t('documents.list.restore')}
          disabled={count === 0 || store.busy}
          loading={store.busy}
          onClick={() => void run(() => store.restore(), 'documents.list.restored')}
          data-testid="restore"
        />
      ) : (
        <Button
          icon="trash"
          text={t('documents.list.trash')}
          disabled={count === 0 || store.busy}
          loading={store.busy}
          onClick={moveToTrash}
          data-testid="trash"
        />
      )}
      {/* Nothing is uploaded into the trash. */}
      {inTrash || !session.has('dpv') ? null : (
        <Checkbox
          className="portal-upload-payroll"
          checked={payroll}
          label={t('documents.upload.payroll')}
          onChange={(e) => setPayroll(e.currentTarget.checked)}
          data-testid="upload-payroll"
        />
      )}
      {inTrash ? null : (
        <Button
          intent="primary"
          icon="upload"
          text={t('documents.upload.button')}
          onClick={() => input.current?.click()}
          disabled={store.clientNo === null}
          data-testid="upload-button"
        />
      )}
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        aria-label={t('documents.upload.button')}
        onChange={(e) => {
          store.upload(Array.from(e.currentTarget.files ?? []), payroll);
          e.currentTarget.value = '';
        }}
        data-testid="upload-input"
      />
    </div>
  );
});
