import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { useGuardedNavigate } from '../../app/use-guarded-navigate';
import { SHORTCUTS, useShortcut } from '../../components/keyboard';
import { ResponsiveSplit } from '../../components/layout';
import type { InvoiceType } from './invoice-route';
import { documentIdOf, invoicePath, invoiceType } from './invoice-route';
import { InvoiceWorkStore } from './InvoiceWorkStore';
import { ExportToolbar } from '../exports/ExportToolbar';
import { InvoiceDetail } from './InvoiceDetail';
import { InvoiceList } from './InvoiceList';
import { InvoicePdfPane } from './InvoicePdfPane';
import { InvoicePage } from '../documents/InvoicePage';
import { LabelLayer } from '../labels/LabelLayer';
import '../labels/label-texts';
import '../labels/labels.css';
import './accounting.css';
import '../../components/screen-icons';

/**
 * `/invoices/{client}/{document_type?}/{document_id?}` (spec §2): the list of the chosen type (default er_u),
 * the invoice's PDF and its fields; id 0 opens the first of the list; Ctrl+Up / Ctrl+Down move through it.
 */
const AccountingScreen = observer(function AccountingScreen() {
  const root = useStores();
  const { company, ui } = root;
  const params = useParams();
  const navigate = useNavigate();
  const [work] = useState(() => new InvoiceWorkStore(root));
  useEffect(() => work.activate(), [work]);
  // Leaving unsaved edits (another invoice, another screen, closing the tab) asks first.
  useEffect(
    () =>
      ui.leave.protect({
        dirty: () => work.detail.dirty,
        save: async () => {
          const result = await work.detail.save().catch((e: unknown) => {
            ui.error(e);
            return 'invalid' as const;
          });
          return result === 'done';
        },
        discard: work.detail.discard,
      }),
    [ui, work],
  );
  const guardedNavigate = useGuardedNavigate();

  const client = company.resolveClient(params.client);
  const type = invoiceType(params.document_type);
  const documentId = documentIdOf(params.document_id);

  useEffect(() => {
    if (client === null) return undefined;
    let current = true;
    work.open(client, type, documentId).then(
      (outcome) => {
        if (current && outcome.redirectTo !== null) navigate(invoicePath(client, type, outcome.redirectTo), { replace: true });
      },
      (e: unknown) => ui.error(e),
    );
    return () => {
      current = false;
    };
  }, [work, client, type, documentId, navigate, ui]);

  // Below lg the panes are tabs: picking an invoice from the list shows its fields, and so does a link to one invoice.
  const [pane, setPane] = useState(() => (documentId === 0 ? 'list' : 'fields'));
  const go = useCallback(
    (id: number) => {
      if (client === null) return;
      guardedNavigate(invoicePath(client, type, id));
      setPane((p) => (p === 'list' ? 'fields' : p));
    },
    [client, type, guardedNavigate],
  );
  const previous = work.list.previous;
  const next = work.list.next;
  const goPrevious = useCallback(() => previous && go(previous.id), [previous, go]);
  const goNext = useCallback(() => next && go(next.id), [next, go]);
  useShortcut(SHORTCUTS.previousInvoice, goPrevious);
  useShortcut(SHORTCUTS.nextInvoice, goNext);

  // An invoice that left the list (confirmed) hands over to the next one; the URL stays true.
  const moveOnTo = work.moveOnFrom(type, documentId);
  useEffect(() => {
    if (client !== null && moveOnTo) navigate(invoicePath(client, moveOnTo.type, moveOnTo.id), { replace: true });
    // The target's type and id, not the object: the store hands out a new one on each change of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, moveOnTo?.type, moveOnTo?.id, navigate]);

  const onType = useCallback((it: InvoiceType) => client !== null && guardedNavigate(invoicePath(client, it)), [client, guardedNavigate]);
  const record = work.detail.record;
  const { t } = useTranslation();
  const labels = work.labels;
  const overlay =
    record && work.mayLabel && labels.active && labels.words
      ? (page: number, scale: number) => <LabelLayer store={labels} page={page} scale={scale} labels={record.labels ?? []} />
      : undefined;
  // Below lg the page and the Label panel are tabs: a box drawn on the page opens the panel to pick its field.
  const draft = labels.draft;
  useEffect(() => {
    if (draft) setPane((p) => (p === 'document' ? 'fields' : p));
  }, [draft]);
  // Below lg, showing a finding in the invoice switches to the page that shows it.
  const shownFinding = work.einvoiceFocus.current;
  useEffect(() => {
    if (shownFinding) setPane('document');
  }, [shownFinding]);

  return (
    <div className="portal-invoices portal-fill-page" data-testid="invoices-screen">
      {client !== null ? <ExportToolbar client={client} /> : null}
      <ResponsiveSplit
        testId="invoice-panes"
        activePane={pane}
        onActivePaneChange={setPane}
        panes={[
          {
            id: 'list',
            title: t('invoices.panes.list'),
            width: '280px',
            className: 'portal-invoice-list-pane',
            content: <InvoiceList work={work} locale={ui.locale} onSelect={go} onType={onType} />,
          },
          {
            id: 'document',
            title: t('invoices.panes.document'),
            width: 'minmax(320px, 1fr)',
            className: 'portal-invoice-pdf',
            content: (
              <div className="portal-invoice-pdf-body" data-testid="invoice-pdf">
                {record && /xml/.test(record.media_type) ? <InvoicePage record={record} locale={ui.locale} focus={work.einvoiceFocus} /> : null}
                {record && !/xml/.test(record.media_type) ? (
                  <InvoicePdfPane record={record} overlay={overlay} imagePointsWide={labels.pageWords(1)?.width} />
                ) : null}
              </div>
            ),
          },
          {
            id: 'fields',
            title: t('invoices.panes.fields'),
            width: 'minmax(460px, 560px)',
            className: 'portal-invoice-side',
            content: <InvoiceDetail work={work} locale={ui.locale} onPrevious={previous ? goPrevious : null} onNext={next ? goNext : null} />,
          },
        ]}
      />
    </div>
  );
});

export default AccountingScreen;
