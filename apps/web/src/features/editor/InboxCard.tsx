import { Card, Checkbox, Classes, Tag } from '@blueprintjs/core';
import type { EditorDocumentRecord } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { formatDateTime } from '../../i18n/format';
import { PageFiles } from './PageFiles';
import { originText } from './origin-text';
import { PageThumb } from './PageThumb';

export interface InboxCardProps {
  item: EditorDocumentRecord;
  selected?: boolean;
  onToggle?: () => void;
}

/** One inbox item: its first page, name, pages, where it came from and when; opens in the editor. */
export const InboxCard = observer(function InboxCard({ item, selected, onToggle }: InboxCardProps) {
  const { client, ui } = useStores();
  const { t } = useTranslation();
  const [files] = useState(() => new PageFiles(item.id, () => client.storage.get()));
  useEffect(() => () => files.dispose(), [files]);
  const first = item.pages[0];
  const path = `/document-editor/${item.client_no}/${item.id}`;
  return (
    <Card
      className={`portal-inbox-card ${selected ? 'portal-inbox-card-selected' : ''}`}
      compact
      data-testid="inbox-item"
      data-id={item.id}
      data-status={item.status}
    >
      <Link to={path} className="portal-inbox-thumb" aria-label={`${t('editor.inbox.open')}: ${item.title}`} tabIndex={-1}>
        {first ? (
          <PageThumb files={files} page={first} size={120} label={item.title} />
        ) : (
          <div className="portal-thumb-frame" style={{ width: 120, height: 120 }} />
        )}
      </Link>
      <div className="portal-inbox-body">
        <div className="portal-inbox-title">
          {onToggle ? (
            <Checkbox
              checked={selected}
              onChange={onToggle}
              aria-label={t('editor.inbox.select', { title: item.title })}
              className="portal-inbox-check"
              data-testid="inbox-select"
            />
          ) : null}
          <Link to={path} className={Classes.TEXT_OVERFLOW_ELLIPSIS} title={item.title} data-testid="inbox-open">
            {item.title}
          </Link>
        </div>
        <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{originText(t, item)}</div>
        <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t('editor.inbox.received', { time: formatDateTime(item.received_at, ui.locale) })}</div>
        <div className="portal-inbox-tags">
          <Tag minimal round>
            {t('editor.inbox.pages', { count: item.page_count || item.file_pages })}
          </Tag>
          {item.kind !== 'source' ? (
            <Tag minimal round intent="primary">
              {t(`editor.kind.${item.kind}`)}
            </Tag>
          ) : null}
          {item.category ? (
            <Tag minimal round>
              {t(`documents.tabs.${item.category}`)}
            </Tag>
          ) : null}
          {item.status !== 'inbox' ? (
            <Tag minimal round intent={item.status === 'completed' ? 'success' : 'none'}>
              {t(`editor.status.${item.status}`)}
            </Tag>
          ) : null}
        </div>
      </div>
    </Card>
  );
});
