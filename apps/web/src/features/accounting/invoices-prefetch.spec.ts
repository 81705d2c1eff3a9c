import { flush } from '../../test-support/fake-socket';
import { makeRoot, portalSocket, user } from '../../test-support/fixtures';
import { invoice, serveDocuments } from '../../test-support/invoice-fixtures';
import { prefetchInvoices } from './invoices-prefetch';
import { InvoiceWorkStore } from './InvoiceWorkStore';

const docs = [invoice(1, { uploaded_at: '2026-03-03T00:00:00Z' }), invoice(2, { uploaded_at: '2026-03-02T00:00:00Z' })];

function root() {
  const socket = portalSocket({ user: user() });
  serveDocuments(socket, docs);
  for (const path of ['acc-exp-acc', 'acc-suppliers', 'acc-cost']) socket.handle('find', path, () => ({ total: 0, limit: 1000, skip: 0, data: [] }));
  return makeRoot({ socket });
}

describe('the invoice list of the URL the page opens on', () => {
  it('is requested with the shell data and taken by the work screen instead of asked for again', async () => {
    const t = root();
    const login = t.root.session.login('token-1');
    prefetchInvoices(t.root, { pathname: '/invoices/1001/er_u' });
    await login;
    const work = new InvoiceWorkStore(t.root);
    work.activate();
    expect(await work.open(1001, 'er_u', 0)).toEqual({ redirectTo: 1 });
    expect(t.socket.callsOf('find', 'documents')).toHaveLength(1);
    await work.list.rows.load();
    expect(t.socket.callsOf('find', 'documents')).toHaveLength(2);
  });

  it('is the list of the type in the URL, er_u when it names none, also with an invoice open', async () => {
    const t = root();
    await t.root.session.login('token-1');
    prefetchInvoices(t.root, { pathname: '/invoices/1001' });
    prefetchInvoices(t.root, { pathname: '/invoices/1001/ar_u/77' });
    await flush();
    expect(t.socket.callsOf('find', 'documents').map((c) => c.args[0])).toEqual([
      { tab: 'ER_U', client_no: 1001, $sort: { uploaded_at: -1 }, $limit: 500 },
      { tab: 'AR_U', client_no: 1001, $sort: { uploaded_at: -1 }, $limit: 500 },
    ]);
  });

  it('is not requested for other routes or without a client', async () => {
    const t = root();
    await t.root.session.login('token-1');
    prefetchInvoices(t.root, { pathname: '/documents/1001' });
    prefetchInvoices(t.root, { pathname: '/invoices/0' });
    prefetchInvoices(t.root, { pathname: '/unpaid/1001/er_u' });
    await flush();
    expect(t.socket.callsOf('find', 'documents')).toHaveLength(0);
  });
});
