import { Alert, Button, ButtonGroup, Classes, Divider } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorStore } from './EditorStore';
import { AddPagesMenu } from './AddPagesMenu';

/** The editor's actions on the selected pages (or the focused one) and on the whole item. */
export const EditorToolbar = observer(function EditorToolbar({ store, compact }: { store: EditorStore; compact: boolean }) {
  const { t } = useTranslation();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const record = store.record!;
  const locked = !store.editable || store.busy !== null;
  const parts = store.cuts.size ? store.splitParts.length : 0;
  const label = (key: string) => (compact ? undefined : t(key));
  return (
    <div className="portal-editor-toolbar" role="toolbar" aria-label={t('editor.editor.pages')}>
      <ButtonGroup>
        <Button
          icon="image-rotate-left"
          aria-label={t('editor.editor.rotateLeft')}
          title={t('editor.editor.rotateLeft')}
          disabled={locked}
          onClick={() => void store.rotate(-90)}
          data-testid="rotate-left"
        />
        <Button
          icon="image-rotate-right"
          aria-label={t('editor.editor.rotateRight')}
          title={t('editor.editor.rotateRight')}
          disabled={locked}
          onClick={() => void store.rotate(90)}
          data-testid="rotate-right"
        />
        <Button
          icon="refresh"
          aria-label={t('editor.editor.rotate180')}
          title={t('editor.editor.rotate180')}
          disabled={locked}
          onClick={() => void store.rotate(180)}
          data-testid="rotate-180"
        />
        <Button
          icon="trash"
          aria-label={t('editor.editor.remove')}
          title={t('editor.editor.remove')}
          disabled={locked}
          onClick={() => void store.removePages()}
          data-testid="remove-pages"
        />
      </ButtonGroup>
      <Divider />
      {parts > 1 ? (
        <Button icon="cut" intent="warning" disabled={locked} onClick={() => void store.split()} data-testid="editor-split">
          {t('editor.editor.split', { count: parts })}
        </Button>
      ) : (
        <Button
          icon="duplicate"
          disabled={locked || store.selected.size === 0 || record.kind === 'revision'}
          onClick={() => void store.split()}
          data-testid="editor-extract"
          title={t('editor.editor.extract')}
        >
          {label('editor.editor.extract')}
        </Button>
      )}
      <AddPagesMenu store={store} />
      <Button
        icon="undo"
        aria-label={t('editor.editor.undo')}
        title={t('editor.editor.undo')}
        disabled={!store.canUndo || store.busy !== null}
        loading={store.busy === 'undo'}
        onClick={() => void store.undo()}
        data-testid="editor-undo"
      />
      <span className="portal-editor-toolbar-end">
        {store.selected.size ? (
          <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t('editor.editor.selected', { count: store.selected.size })}</span>
        ) : null}
        <Button
          icon="cross"
          variant="minimal"
          disabled={locked}
          onClick={() => setConfirmDiscard(true)}
          aria-label={t('editor.editor.discard')}
          title={t('editor.editor.discard')}
          data-testid="editor-discard"
        >
          {label('editor.editor.discard')}
        </Button>
        {parts > 1 ? (
          <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} data-testid="editor-complete-after-split">
            {t('editor.editor.completeAfterSplit', { count: parts })}
          </span>
        ) : null}
        {/* Not locked by a rename in flight: leaving the name field for Complete renames first, then completes. */}
        <Button
          icon="tick"
          intent="success"
          disabled={!store.editable || parts > 1}
          loading={store.busy === 'completeDocument' || store.queued === 'completeDocument'}
          onClick={() => void store.complete()}
          title={t(record.kind === 'revision' ? 'editor.editor.completeRevisionHint' : 'editor.editor.completeHint')}
          data-testid="editor-complete"
        >
          {t(record.kind === 'revision' ? 'editor.editor.completeRevision' : 'editor.editor.complete')}
        </Button>
      </span>
      <Alert
        isOpen={confirmDiscard}
        intent="danger"
        icon="cross"
        confirmButtonText={t('editor.editor.discard')}
        cancelButtonText={t('editor.editor.cancel')}
        onConfirm={() => {
          setConfirmDiscard(false);
          void store.discard();
        }}
        onCancel={() => setConfirmDiscard(false)}
      >
        {t('editor.editor.discardConfirm', { title: record.title })}
      </Alert>
    </div>
  );
});
