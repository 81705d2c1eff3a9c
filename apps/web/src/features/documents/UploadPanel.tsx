import { Button, Card, Classes, H6, Icon, ProgressBar } from '@blueprintjs/core';
import type { Intent } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { UploadItem, UploadsStore } from './UploadsStore';
import { useErrorText } from '../../i18n/use-error-text';
import { queuePlaceText } from './queue-place';

function intentOf(item: UploadItem): Intent {
  if (item.phase === 'failed') return 'danger';
  if (item.phase === 'done') return 'success';
  return 'primary';
}

const UploadRow = observer(function UploadRow({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const percent = Math.round(item.fraction * 100);
  let status: string;
  if (item.phase === 'failed' && item.error) status = errorOf(item.error);
  else if (item.phase === 'queued') status = t('documents.upload.queued');
  else if (item.phase === 'uploading') status = t('documents.upload.uploading', { percent });
  else if (item.phase === 'done') status = t('documents.upload.done');
  else
    status =
      (item.place && queuePlaceText({ stage: 'uploaded', queue_position: item.place.position, estimate_seconds: item.place.seconds }, t)) ||
      (item.stage ? t(`documents.upload.stage.${item.stage}`, { percent }) : t('documents.upload.extracting', { percent }));
  const running = item.phase === 'queued' || item.phase === 'uploading' || item.phase === 'extracting';
  return (
    <li className="portal-upload-row" data-testid="upload-item" data-phase={item.phase} data-document-id={item.documentId ?? ''}>
      <Icon icon={item.phase === 'done' ? 'tick-circle' : item.phase === 'failed' ? 'error' : 'cloud-upload'} intent={intentOf(item)} />
      <span className={['portal-upload-name', Classes.TEXT_OVERFLOW_ELLIPSIS].join(' ')} title={item.fileName}>
        {item.fileName}
      </span>
      <ProgressBar
        className="portal-upload-bar"
        intent={intentOf(item)}
        value={item.phase === 'queued' ? 0 : item.phase === 'failed' || item.phase === 'done' ? 1 : item.fraction}
        animate={running}
        stripes={running}
      />
      <span className={['portal-upload-status', item.phase === 'failed' ? Classes.INTENT_DANGER : Classes.TEXT_MUTED].join(' ')} data-testid="upload-status">
        {status}
      </span>
    </li>
  );
});

/** Files on their way: a progress bar per file for the bytes sent, then for the text extraction. */
export const UploadPanel = observer(function UploadPanel({ uploads }: { uploads: UploadsStore }) {
  const { t } = useTranslation();
  if (uploads.items.length === 0) return null;
  return (
    <Card className="portal-upload-panel" data-testid="upload-panel" compact>
      <div className="portal-upload-head">
        <H6>{t('documents.upload.title')}</H6>
        {!uploads.active ? <Button variant="minimal" size="small" icon="cross" text={t('documents.upload.clear')} onClick={uploads.clearFinished} /> : null}
      </div>
      <ul className={Classes.LIST_UNSTYLED}>
        {uploads.items.map((item) => (
          <UploadRow key={item.key} item={item} />
        ))}
      </ul>
    </Card>
  );
});
