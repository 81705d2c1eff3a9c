import { Button, Callout, Card, Classes, Collapse, H4, H5, NonIdealState, Spinner, Switch, Tag } from '@blueprintjs/core';
import { DOCUMENT_FLAGS } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { AuditTimeline } from '../../components/audit';
import { useStores } from '../../app/stores-context';
import { FlagTags, formatDateTime, originLabelKey, originName } from '../../components/documents';
import { ResponsiveSplit } from '../../components/layout';
import { DocumentStore } from './DocumentStore';
import { DocumentViewer } from './DocumentViewer';
import { EditPagesButton, mayEditPages } from './EditPagesButton';
import { downloadOriginal, downloadSearchablePdf } from '../../api/file-download';
import { FieldsPanel } from './FieldsPanel';
import './document.css';
import { useErrorText } from '../../i18n/use-error-text';
import { problemText } from '../../api/error-text';
import { LabelStore } from '../labels/LabelStore';
import { LabelLayer } from '../labels/LabelLayer';
import { LabelPanel } from '../labels/LabelPanel';
import '../labels/labels.css';
import '../labels/label-texts';
import { EInvoiceFocus } from '../einvoices/EInvoiceFocus';
import { FindingsPanel } from '../einvoices/FindingsPanel';
import { ValidityTag } from '../einvoices/ValidityTag';

/** /doc/:client?/:documentId — one document with its extracted fields and text (or "does not exist or access denied"). */
const DocumentScreen = observer(function DocumentScreen() {
  const root = useStores();
  const { ui, client, session } = root;
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const { documentId } = useParams();
  const [store] = useState(() => new DocumentStore(root));
  const [labels] = useState(() => new LabelStore(root));
  const [focus] = useState(() => new EInvoiceFocus(() => store.record?.einvoice_validation?.findings ?? []));
  const [payrollBusy, setPayrollBusy] = useState(false);
  const [textOpen, setTextOpen] = useState(false);
  const [pane, setPane] = useState('document');
  const id = Number(documentId);
  const validId = Number.isSafeInteger(id) && id > 0;

  useEffect(() => () => store.dispose(), [store]);
  useEffect(() => {
    if (validId) void store.load(id);
  }, [store, id, validId]);
  // Below lg the page and the details are tabs: a box drawn on the page opens the details to pick its field.
  const draft = labels.draft;
  useEffect(() => {
    if (draft) setPane('details');
  }, [draft]);
  // Below lg, showing a finding in the invoice switches to the page that shows it.
  const shownFinding = focus.current;
  useEffect(() => {
    if (shownFinding) setPane('document');
  }, [shownFinding]);

  if (!validId || store.notFound) {
    return (
      <div data-testid="document-not-found">
        <NonIdealState icon="document" title={t('documents.single.notFound')} />
      </div>
    );
  }
  if (store.error)
    return (
      <Callout intent="danger" icon="error">
        {errorOf(store.error)}
      </Callout>
    );
  const record = store.record;
  if (!record) return <Spinner className="portal-viewer-loading" />;

  const xml = /xml/.test(record.media_type);
  const mayLabel = session.has('lab') && !xml;
  const overlay =
    mayLabel && labels.active && labels.words
      ? (page: number, scale: number) => <LabelLayer store={labels} page={page} scale={scale} labels={record.labels ?? []} />
      : undefined;
  const setPayroll = (payroll: boolean) => {
    setPayrollBusy(true);
    client
      .service('documents')
      .patch(record.id, { payroll })
      .catch(ui.error)
      .finally(() => setPayrollBusy(false));
  };
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
          {record.einvoice ? (
            <Tag minimal intent="success">
              {t('documents.single.einvoice', { syntax: record.einvoice.syntax })}
            </Tag>
          ) : null}
          <ValidityTag record={record} />
          {record.payroll ? (
            <Tag
              minimal
              intent="warning"
              icon="lock"
              title={record.payroll_suggested ? t('labels.payrollSuggested') : undefined}
              data-testid="document-payroll"
            >
              {t('labels.payroll')}
            </Tag>
          ) : null}
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
        {mayEditPages(record, session.has('ded')) ? <EditPagesButton record={record} /> : null}
        {session.has('pdf') && record.searchable_pdf ? (
          <Button
            className="portal-document-download"
            icon="search-text"
            size="small"
            text={t('labels.searchablePdf')}
            onClick={() => void downloadSearchablePdf(record.id, record.file_name, client.storage.get()).catch(ui.error)}
            data-testid="document-searchable-pdf"
          />
        ) : null}
        {session.has('dpv') ? (
          <Switch
            className="portal-document-payroll"
            checked={!!record.payroll}
            disabled={payrollBusy}
            label={t('labels.payroll')}
            onChange={(e) => setPayroll(e.currentTarget.checked)}
            data-testid="document-payroll-switch"
          />
        ) : null}
      </Card>
      {record.problem ? (
        <Callout intent={record.invalid ? 'danger' : 'warning'} icon="warning-sign" title={t('documents.single.problem')} data-testid="document-problem">
          {problemText(record.problem, (record.flags & DOCUMENT_FLAGS.Broken) !== 0, t, ui.locale)}
        </Callout>
      ) : null}
      {record.einvoice_validation ? (
        <Card compact>
          <FindingsPanel record={record} focus={focus} locale={ui.locale} showsInvoice={xml} />
        </Card>
      ) : null}
      {mayLabel ? (
        <Card compact>
          <LabelPanel record={record} store={labels} locale={ui.locale} onChanged={store.applyUpserted} />
        </Card>
      ) : null}
      <Card compact>
        <H5>{t('documents.single.fields')}</H5>
        <FieldsPanel record={record} locale={ui.locale} />
      </Card>
      <Card compact>
        <div className="portal-document-head">
          <H5>{t('documents.single.text')}</H5>
          <Button
            variant="minimal"
            size="small"
            icon={textOpen ? 'chevron-up' : 'chevron-down'}
            text={textOpen ? t('documents.single.hideText') : t('documents.single.showText')}
            onClick={() => setTextOpen(!textOpen)}
            data-testid="toggle-text"
          />
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
        activePane={pane}
        onActivePaneChange={setPane}
        panes={[
          {
            id: 'document',
            title: t('documents.single.documentPane'),
            width: 'minmax(0, 1fr)',
            className: 'portal-document-view',
            content: <DocumentViewer record={record} locale={ui.locale} overlay={overlay} imagePointsWide={labels.pageWords(1)?.width} einvoiceFocus={focus} />,
          },
          { id: 'details', title: t('documents.single.detailsPane'), width: '460px', className: 'portal-document-details', content: details },
        ]}
      />
    </div>
  );
});

export default DocumentScreen;
