import { Button, Callout, Card, Classes, Collapse, H4, H5, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { AuditTimeline } from '../../components/audit';
import { useStores } from '../../app/stores-context';
import { FlagTags, formatDateTime, originLabelKey, originName } from '../../components/documents';
import { ResponsiveSplit } from '../../components/layout';
import { DocumentStore } from '../../stores/documents/DocumentStore';
import { DocumentViewer } from './DocumentViewer';
import { downloadOriginal } from './download';
import { FieldsPanel } from './FieldsPanel';
import './document.css';
import { useErrorText } from '../../i18n/use-error-text';

/** /doc/:client?/:documentId — one document with its extracted fields and text (or "does not exist or access denied"). */
const DocumentScreen = observer(function DocumentScreen() {
  const root = useStores();
  const { ui, client } = root;
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const { documentId } = useParams();
  const [store] = useState(() => new DocumentStore(root));
  const [textOpen, setTextOpen] = useState(false);
  const id = Number(documentId);
  const validId = Number.isSafeInteger(id) && id > 0;

  useEffect(() => () => store.dispose(), [store]);
  useEffect(() => {
    if (validId) void store.load(id);
  }, [store, id, validId]);

  if (!validId || store.notFound) {
    return (
      <div data-testid="document-not-found">
        <NonIdealState icon="document" title={t('documents.single.notFound')} />
      </div>
    );
  }
  if (store.error) return <Callout intent="danger" icon="error">{errorOf(store.error)}</Callout>;
  const record = store.record;
  if (!record) return <Spinner className="portal-viewer-loading" />;

  const xml = /xml/.test(record.media_type);
  const details = (
    <div className="portal-document-side">
      <Card compact>
        <div className="portal-document-head">
          <H4 className={Classes.TEXT_OVERFLOW_ELLIPSIS} title={record.title} data-testid="document-title">
            {record.title}
          </H4>
          <Link to={`/documents/${record.client_no}?tab=${record.deleted ? 'Deleted' : record.category}`}>{t('documents.single.back')}</Link>
        </div>
        <div className="portal-document-tags">
          <Tag minimal>{t(`documents.tabs.${record.category}`)}</Tag>
          <FlagTags doc={record} detailed />
          {record.origin !== null ? (
            <Tag minimal intent="primary" title={originName(record.origin) ?? undefined} data-testid="document-origin">
              {t(originLabelKey(record.origin), { code: record.origin })}
            </Tag>
          ) : null}
          {record.einvoice ? <Tag minimal intent="success">{t('documents.single.einvoice', { syntax: record.einvoice.syntax })}</Tag> : null}
        </div>
        <div className={[Classes.TEXT_MUTED, Classes.TEXT_SMALL].join(' ')}>
          {record.file_name} · {t('documents.single.uploaded')} {formatDateTime(record.uploaded_at, ui.locale)}
          {record.pages ? ` · ${t('documents.single.pages', { count: record.pages })}` : ''}
        </div>
        <Button
          className="portal-document-download"
          icon="download"
          size="small"
          text={xml ? t('documents.single.downloadXml') : t('documents.single.download')}
          onClick={() => void downloadOriginal(record.id, record.file_name, client.storage.get()).catch(ui.error)}
          data-testid="document-download"
        />
      </Card>
      {record.problem ? (
        <Callout intent={record.invalid ? 'danger' : 'warning'} icon="warning-sign" title={t('documents.single.problem')} data-testid="document-problem">
          {record.problem}
        </Callout>
      ) : null}
      <Card compact>
        <H5>{t('documents.single.fields')}</H5>
        <FieldsPanel record={record} locale={ui.locale} />
      </Card>
      <Card compact>
        <div className="portal-document-head">
          <H5>{t('documents.single.text')}</H5>
          <Button variant="minimal" size="small" icon={textOpen ? 'chevron-up' : 'chevron-down'} text={textOpen ? t('documents.single.hideText') : t('documents.single.showText')} onClick={() => setTextOpen(!textOpen)} data-testid="toggle-text" />
        </div>
        <Collapse isOpen={textOpen}>
          {record.text ? (
            <pre className="portal-document-text" data-testid="document-text">
              {record.text}
            </pre>
          ) : (
            <p className={Classes.TEXT_MUTED}>{t('documents.single.noText')}</p>
          )}
        </Collapse>
      </Card>
      <Card compact data-testid="document-history">
        <H5>{t('documents.single.history')}</H5>
        <AuditTimeline documentId={record.id} />
      </Card>
    </div>
  );
  return (
    <div className="portal-document portal-fill-page" data-testid="document-screen">
      <ResponsiveSplit
        testId="document-panes"
        panes={[
          { id: 'document', title: t('documents.single.documentPane'), width: 'minmax(0, 1fr)', className: 'portal-document-view', content: <DocumentViewer record={record} locale={ui.locale} /> },
          { id: 'details', title: t('documents.single.detailsPane'), width: '460px', className: 'portal-document-details', content: details },
        ]}
      />
    </div>
  );
});

export default DocumentScreen;
