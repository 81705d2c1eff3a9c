import { Button, Callout, Card, Classes, Icon, NonIdealState, ProgressBar, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { xhrInboxUploader } from '../../api/editor-files';
import { useErrorText } from '../../i18n/use-error-text';
import { useStores } from '../../app/stores-context';
import { EditorInboxStore, type InboxUpload } from './EditorInboxStore';
import { DropZone } from '../documents/DropZone';
import { InboxCard } from './InboxCard';

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/tiff,.pdf,.png,.jpg,.jpeg,.tif,.tiff';

const UploadLine = observer(function UploadLine({ upload }: { upload: InboxUpload }) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  return (
    <li className="portal-upload-row" data-testid="inbox-upload" data-phase={upload.phase}>
      <Icon
        icon={upload.phase === 'done' ? 'tick-circle' : upload.phase === 'failed' ? 'error' : 'cloud-upload'}
        intent={upload.phase === 'failed' ? 'danger' : upload.phase === 'done' ? 'success' : 'primary'}
      />
      <span className={`portal-upload-name ${Classes.TEXT_OVERFLOW_ELLIPSIS}`} title={upload.fileName}>
        {upload.fileName}
      </span>
      <ProgressBar
        className="portal-upload-bar"
        value={upload.phase === 'uploading' ? upload.fraction : 1}
        intent={upload.phase === 'failed' ? 'danger' : upload.phase === 'done' ? 'success' : 'primary'}
        animate={upload.phase === 'uploading'}
        stripes={upload.phase === 'uploading'}
      />
      <span className={`portal-upload-status ${upload.phase === 'failed' ? Classes.INTENT_DANGER : Classes.TEXT_MUTED}`}>
        {upload.phase === 'failed'
          ? errorOf(upload.error)
          : upload.phase === 'done'
            ? t('editor.inbox.uploaded')
            : t('editor.inbox.uploading', { percent: Math.round(upload.fraction * 100) })}
      </span>
    </li>
  );
});

/** The inbox of one client: waiting items (select to merge, open to edit), processed ones, upload by button or drop. */
export const InboxView = observer(function InboxView({ clientNo }: { clientNo: number }) {
  const root = useStores();
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const navigate = useNavigate();
  const [store] = useState(() => new EditorInboxStore(root, xhrInboxUploader));
  const [tab, setTab] = useState<'waiting' | 'processed'>('waiting');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => () => store.dispose(), [store]);
  useEffect(() => {
    void store.open(clientNo);
  }, [store, clientNo]);

  const list = tab === 'waiting' ? store.waiting.items : store.processed.items;
  const merge = async () => {
    const into = await store.mergeSelected();
    if (into !== null) navigate(`/document-editor/${clientNo}/${into}`);
  };

  return (
    <DropZone onFiles={(files) => void store.upload(files)}>
      <div className="portal-page portal-inbox" data-testid="editor-inbox">
        <div className="portal-inbox-bar">
          <Tabs id="inbox-tabs" selectedTabId={tab} onChange={(id) => setTab(id as 'waiting' | 'processed')}>
            <Tab id="waiting" title={`${t('editor.inbox.tabWaiting')} (${store.waiting.items.length})`} data-testid="inbox-tab-waiting" />
            <Tab id="processed" title={t('editor.inbox.tabProcessed')} data-testid="inbox-tab-processed" />
          </Tabs>
          <span className="portal-inbox-actions">
            {store.selected.size >= 2 ? (
              <Button
                icon="merge-columns"
                intent="primary"
                loading={store.busy}
                onClick={() => void merge()}
                title={t('editor.inbox.mergeHint')}
                data-testid="inbox-merge"
              >
                {t('editor.inbox.merge', { count: store.selected.size })}
              </Button>
            ) : null}
            <Button icon="upload" onClick={() => input.current?.click()} data-testid="inbox-upload-button" title={t('editor.inbox.uploadHint')}>
              {t('editor.inbox.upload')}
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              accept={ACCEPT}
              hidden
              data-testid="inbox-file-input"
              aria-label={t('editor.inbox.upload')}
              onChange={(e) => {
                const files = Array.from(e.currentTarget.files ?? []);
                e.currentTarget.value = '';
                if (files.length) void store.upload(files);
              }}
            />
          </span>
        </div>
        <Callout icon="help" compact className="portal-inbox-help">
          {t('editor.inbox.help')}
        </Callout>
        {store.failure ? (
          <Callout intent="danger" icon="error" data-testid="inbox-failure">
            {t('editor.errors.merge', { message: errorOf(store.failure) })}
          </Callout>
        ) : null}
        {store.uploads.length ? (
          <Card compact className="portal-upload-panel">
            <ul className={Classes.LIST_UNSTYLED}>
              {store.uploads.map((u) => (
                <UploadLine key={u.key} upload={u} />
              ))}
            </ul>
            {store.uploads.every((u) => u.phase !== 'uploading') ? (
              <Button variant="minimal" size="small" icon="cross" text={t('editor.inbox.clearUploads')} onClick={store.clearUploads} />
            ) : null}
          </Card>
        ) : null}
        {store.error ? (
          <Callout intent="danger" icon="error">
            {t('editor.inbox.loadFailed', { message: errorOf(store.error) })}
          </Callout>
        ) : null}
        {store.loading && list.length === 0 ? <Spinner /> : null}
        {!store.loading && list.length === 0 ? (
          <NonIdealState
            icon="inbox"
            title={t(tab === 'waiting' ? 'editor.inbox.empty' : 'editor.inbox.processedEmpty')}
            description={tab === 'waiting' ? t('editor.inbox.emptyHint') : undefined}
          />
        ) : null}
        <div
          className="portal-inbox-grid"
          data-testid={`inbox-list-${tab}`}
          role="tabpanel"
          id={`${Classes.TAB_PANEL}_inbox-tabs_${tab}`}
          aria-labelledby={`${Classes.TAB}-title_inbox-tabs_${tab}`}
        >
          {list.map((item) => (
            <InboxCard
              key={item.id}
              item={item}
              {...(tab === 'waiting' ? { selected: store.selected.has(item.id), onToggle: () => store.toggle(item.id) } : {})}
            />
          ))}
        </div>
      </div>
    </DropZone>
  );
});
