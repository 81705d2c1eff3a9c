import { Button, Callout, Classes, H4, NonIdealState, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { useIsMobile } from '../../components/layout/use-is-mobile';
import { EditorStore } from './EditorStore';
import { EditorToolbar } from './EditorToolbar';
import { FilingFields } from './FilingFields';
import { ItemLinks } from './ItemLinks';
import { originText } from './origin-text';
import { PageGrid } from './PageGrid';
import { PagePreview } from './PagePreview';
import { useErrorText } from '../../i18n/use-error-text';

/** One item in the editor: its pages as thumbnails, the focused page large, the actions, what became of it. */
export const EditorView = observer(function EditorView({ id, clientNo }: { id: number; clientNo: number }) {
  const root = useStores();
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [store] = useState(() => new EditorStore(root));
  const [pane, setPane] = useState<'pages' | 'preview'>('pages');

  useEffect(() => {
    void store.open(id);
    return () => store.dispose();
  }, [store, id]);

  // The company picker chose another client: its inbox, not this item.
  const record = store.record;
  useEffect(() => {
    if (record && record.client_no !== clientNo && !store.busy) navigate(`/document-editor/${clientNo}`, { replace: true });
  }, [record, clientNo, navigate, store.busy]);

  // Ctrl+Z anywhere on the screen undoes the last edit of this session.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z' && target?.tagName !== 'INPUT') {
        e.preventDefault();
        void store.undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

  if (store.error) {
    return (
      <div data-testid="editor-not-found">
        <NonIdealState
          icon="document"
          title={t('editor.editor.loadFailed', { message: errorOf(store.error) })}
          action={<Link to={`/document-editor/${clientNo}`}>{t('editor.editor.back')}</Link>}
        />
      </div>
    );
  }
  if (!record || !store.files) return <Spinner className="portal-viewer-loading" />;

  const focusedPage = store.pages[store.focused] ?? null;
  const previewLabel = t('editor.editor.pageLabel', { page: store.focused + 1, count: store.pages.length });
  const grid = <PageGrid store={store} strip={mobile} thumbSize={mobile ? 96 : 132} />;
  const preview = <PagePreview files={store.files} page={focusedPage} label={previewLabel} />;

  return (
    <div
      className={`portal-page portal-editor ${mobile ? 'portal-editor-mobile' : ''}`}
      data-testid="editor-screen"
      data-status={record.status}
      data-revision={record.revision}
    >
      <div className="portal-editor-head">
        <Button icon="arrow-left" variant="minimal" onClick={() => navigate(`/document-editor/${record.client_no}`)} data-testid="editor-back">
          {t('editor.editor.back')}
        </Button>
        <H4 className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} portal-editor-heading`} title={record.title} data-testid="editor-heading">
          {record.title}
        </H4>
        <Tag minimal round>
          {t(`editor.kind.${record.kind}`)}
        </Tag>
        <Tag minimal round intent={record.status === 'inbox' ? 'primary' : record.status === 'completed' ? 'success' : 'none'} data-testid="editor-status">
          {t(`editor.status.${record.status}`)}
        </Tag>
        <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{originText(t, record)}</span>
      </div>
      {store.editable ? <FilingFields store={store} /> : null}
      {store.editable ? <EditorToolbar store={store} compact={mobile} /> : null}
      {store.failure ? (
        <Callout intent="danger" icon="error" data-testid="editor-failure">
          {t(`editor.errors.${store.failure.kind}`, { message: errorOf(store.failure.error) })}
          <Button variant="minimal" size="small" icon="cross" aria-label={t('editor.editor.cancel')} onClick={store.clearFailure} />
        </Callout>
      ) : null}
      <ItemLinks record={record} />
      {store.pages.length ? (
        mobile ? (
          <Tabs id="editor-panes" selectedTabId={pane} onChange={(p) => setPane(p as 'pages' | 'preview')} renderActiveTabPanelOnly>
            <Tab id="pages" title={t('editor.editor.pages')} panel={grid} />
            <Tab id="preview" title={t('editor.editor.preview')} panel={preview} />
          </Tabs>
        ) : (
          <div className="portal-editor-body">
            <section className="portal-editor-pages">
              {grid}
              <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t('editor.editor.keyboardHelp')}</p>
            </section>
            <section className="portal-editor-side">{preview}</section>
          </div>
        )
      ) : null}
    </div>
  );
});
