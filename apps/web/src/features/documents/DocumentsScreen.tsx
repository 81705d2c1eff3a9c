import { Callout, Classes, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import type { DocumentTab } from '@portal/contracts';
import { DOCUMENT_TABS } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { xhrUploader } from '../../api/document-upload';
import { useStores } from '../../app/stores-context';
import { DocumentsStore } from './DocumentsStore';
import { ActionBar } from './ActionBar';
import { DocumentsTable } from './DocumentsTable';
import { DropZone } from './DropZone';
import { FilterBar } from './FilterBar';
import { UploadPanel } from './UploadPanel';
import '@blueprintjs/table/lib/css/table.css';
import './documents.css';
import '../../components/screen-icons';
import { useErrorText } from '../../i18n/use-error-text';
import { RowsSkeleton } from '../../components/feedback/RowsSkeleton';

const isTab = (value: string | null): value is DocumentTab => (DOCUMENT_TABS as readonly string[]).includes(value ?? '');

const EmptyList = observer(function EmptyList({ store }: { store: DocumentsStore }) {
  const { t } = useTranslation();
  if (!store.rows.loaded || store.rows.loading || store.rows.total > 0) return null;
  if (store.tab === 'FullText' && !store.searching)
    return <NonIdealState icon="search-text" title={t('documents.list.typeToSearch')} className="portal-documents-empty" />;
  if (store.searching) return <NonIdealState icon="search" title={t('documents.list.noMatch')} className="portal-documents-empty" />;
  return <NonIdealState icon="folder-open" title={t('documents.list.empty')} description={t('documents.list.emptyHint')} className="portal-documents-empty" />;
});

/** /documents/:client — the document lists by tab (spec §4), with help, filters, search, selection and upload. */
const DocumentsScreen = observer(function DocumentsScreen() {
  const root = useStores();
  const { company, ui } = root;
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const { client } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: DocumentTab = isTab(params.get('tab')) ? (params.get('tab') as DocumentTab) : 'ER_U';
  const [store] = useState(() => new DocumentsStore(root, xhrUploader));
  // A client number in the URL opens the list at once; '0' (the favourite) may need the companies.
  const direct = /^[1-9]\d*$/.test(client ?? '') ? Number(client) : null;
  const clientNo = direct ?? (company.loaded ? company.resolveClient(client) : null);

  useEffect(() => () => store.dispose(), [store]);
  // `?einvoice=invalid` (the firm overview's count) opens the list filtered to invalid e-invoices.
  const invalidEInvoices = params.get('einvoice') === 'invalid';
  useEffect(() => {
    if (clientNo !== null) void store.open(clientNo, tab, invalidEInvoices ? { einvoice_validity: 'invalid' } : {});
  }, [store, clientNo, tab, invalidEInvoices]);

  if (company.loaded && clientNo === null) return <NonIdealState icon="office" title={t('documents.list.noClient')} />;

  return (
    <DropZone onFiles={store.upload} disabled={clientNo === null || store.tab === 'Deleted'}>
      <div className="portal-page portal-documents" data-testid="documents-screen">
        <Tabs
          id="document-tabs"
          selectedTabId={tab}
          onChange={(id) => setParams({ tab: String(id) }, { replace: false })}
          className="portal-documents-tabs"
          renderActiveTabPanelOnly
        >
          {DOCUMENT_TABS.map((id) => (
            <Tab
              key={id}
              id={id}
              title={t(`documents.tabs.${id}`)}
              data-testid={`tab-${id}`}
              icon={id === 'Deleted' ? 'trash' : id === 'FullText' ? 'search-text' : undefined}
            />
          ))}
        </Tabs>
        <Callout icon="help" className="portal-documents-help" data-testid="documents-help" compact>
          {/* The help fits the role: who cannot confirm is told who does. */}
          {t(!root.session.has('app') && (tab === 'ER_U' || tab === 'AR_U') ? `documents.helpFirmConfirms.${tab}` : `documents.help.${tab}`)}
        </Callout>
        <FilterBar store={store} autoFocus={tab === 'FullText'} />
        <ActionBar store={store} />
        <UploadPanel uploads={store.uploads} />
        {store.rows.error ? (
          <Callout intent="danger" icon="error" data-testid="documents-error">
            {t('documents.list.loadFailed', { message: errorOf(store.rows.error) })}
          </Callout>
        ) : null}
        <div
          className="portal-documents-body"
          role="tabpanel"
          id={`${Classes.TAB_PANEL}_document-tabs_${tab}`}
          aria-labelledby={`${Classes.TAB}-title_document-tabs_${tab}`}
        >
          {store.rows.loaded ? (
            <DocumentsTable store={store} locale={ui.locale} />
          ) : (
            <RowsSkeleton label={t('documents.list.loading')} testId="documents-skeleton" />
          )}
          <EmptyList store={store} />
        </div>
      </div>
    </DropZone>
  );
});

export default DocumentsScreen;
