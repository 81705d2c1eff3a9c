import { Callout, Classes, H6 } from '@blueprintjs/core';
import type { EditorDocumentRecord, Paginated } from '@portal/contracts';
import { pageRuns, SERVICES } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { InboxCard } from './InboxCard';

/**
 * What became of an item: the documents made from its pages (with the pages each took), the drafts cut
 * from it that still wait, the item it was merged into, or the document it completed into.
 */
export const ItemLinks = observer(function ItemLinks({ record }: { record: EditorDocumentRecord }) {
  const { client } = useStores();
  const { t } = useTranslation();
  const [parts, setParts] = useState<EditorDocumentRecord[]>([]);
  useEffect(() => {
    let live = true;
    // Each push reloads; only the answer of the latest load is shown, since an earlier one can arrive after it
    // (three parts pushed at once: the answer listing two must not replace the one listing three).
    let latest = 0;
    const service = client.service<EditorDocumentRecord>(SERVICES.editorDocument);
    const load = () => {
      const request = ++latest;
      return (service.find({ from_id: record.id, $sort: { received_at: 1 }, $limit: 100 }) as Promise<Paginated<EditorDocumentRecord>>).then(
        (page) => live && request === latest && setParts(page.data),
        () => undefined,
      );
    };
    void load();
    const refresh = (r: EditorDocumentRecord) => r.from_id === record.id && void load();
    const stops = [service.on('created', refresh), service.on('patched', refresh)];
    return () => {
      live = false;
      stops.forEach((s) => s());
    };
  }, [client, record.id, record.revision]);
  const waiting = parts.filter((p) => p.status === 'inbox');
  return (
    <div className="portal-editor-links" data-testid="editor-links">
      {record.status !== 'inbox' ? (
        <Callout
          intent={record.status === 'completed' ? 'success' : 'primary'}
          icon={record.status === 'completed' ? 'tick-circle' : 'info-sign'}
          data-testid="editor-processed"
        >
          {t('editor.editor.processed', {
            note: t(`editor.status.${record.status}`) + (record.processed_note && record.status === 'discarded' ? ` (${record.processed_note})` : ''),
          })}{' '}
          {record.document_id !== null ? (
            <Link to={`/doc/${record.client_no}/${record.document_id}`} data-testid="editor-open-document">
              {t('editor.editor.openDocument')}
            </Link>
          ) : null}
          {record.merged_into !== null ? (
            <Link
              to={`/document-editor/${record.client_no}/${record.merged_into}`}
            >{`${t('editor.editor.mergedInto')} ${record.processed_note?.replace(/^merged into /, '') ?? ''}`}</Link>
          ) : null}
        </Callout>
      ) : null}
      {record.derived.length ? (
        <section>
          <H6>{t('editor.editor.derived')}</H6>
          <ul className={Classes.LIST_UNSTYLED} data-testid="editor-derived">
            {record.derived.map((d) => (
              <li key={d.document_id}>
                <Link to={`/doc/${record.client_no}/${d.document_id}`}>{t('editor.editor.derivedPages', { pages: pageRuns(d.pages), title: d.title })}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {waiting.length ? (
        <section>
          <H6>{t('editor.editor.parts')}</H6>
          <div className="portal-inbox-grid" data-testid="editor-parts">
            {waiting.map((p) => (
              <InboxCard key={p.id} item={p} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
});
