import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { SHORTCUTS, useShortcut } from '../../components/keyboard';
import type { InvoiceType } from '../../stores/invoices/invoice-route';
import { documentIdOf, invoicePath, invoiceType } from '../../stores/invoices/invoice-route';
import { InvoiceWorkStore } from '../../stores/invoices/InvoiceWorkStore';
import { ExportToolbar } from './export/ExportToolbar';
import { InvoiceDetail } from './InvoiceDetail';
import { InvoiceList } from './InvoiceList';
import { InvoicePdfPane } from './InvoicePdfPane';
import './invoices.css';

/**
 * `/invoices/{client}/{document_type?}/{document_id?}` (spec 2): the list of the chosen type (default er_u),
 * the invoice's PDF and its fields; id 0 opens the first of the list; Ctrl+Up / Ctrl+Down move through it.
 */
const InvoicesScreen = observer(function InvoicesScreen() {
  const root = useStores();
  const { company, ui } = root;
  const params = useParams();
  const navigate = useNavigate();
  const [work] = useState(() => new InvoiceWorkStore(root));
  useEffect(() => work.activate(), [work]);

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

  const go = useCallback((id: number) => client !== null && navigate(invoicePath(client, type, id)), [client, type, navigate]);
  const previous = work.list.previous;
  const next = work.list.next;
  const goPrevious = useCallback(() => previous && go(previous.id), [previous, go]);
  const goNext = useCallback(() => next && go(next.id), [next, go]);
  useShortcut(SHORTCUTS.previousInvoice, goPrevious);
  useShortcut(SHORTCUTS.nextInvoice, goNext);

  const onType = useCallback((t: InvoiceType) => client !== null && navigate(invoicePath(client, t)), [client, navigate]);
  const record = work.detail.record;

  return (
    <div className="portal-invoices" data-testid="invoices-screen">
      {client !== null ? <ExportToolbar client={client} /> : null}
      <InvoiceList work={work} locale={ui.locale} onSelect={go} onType={onType} />
      <div className="portal-invoice-pdf" data-testid="invoice-pdf">
        {record ? <InvoicePdfPane record={record} /> : null}
      </div>
      <div className="portal-invoice-side">
        <InvoiceDetail work={work} locale={ui.locale} onPrevious={previous ? goPrevious : null} onNext={next ? goNext : null} />
      </div>
    </div>
  );
});

export default InvoicesScreen;
