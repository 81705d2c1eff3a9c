import type { FirmOverviewRow } from '@portal/contracts';
import { flush } from '../../test-support/fake-socket';
import { makeRoot, portalSocket, user } from '../../test-support/fixtures';
import { OverviewStore } from './OverviewStore';

const row = (client_no: number, unconfirmed = 0): FirmOverviewRow => ({
  id: client_no,
  client_no,
  company_name: `Company ${client_no}`,
  company_place: '',
  unconfirmed,
  unbooked: 0,
  overdue_receivables: 0,
  overdue_receivables_count: 0,
  overdue_payables: 0,
  overdue_payables_count: 0,
  invalid_einvoices: 0,
  last_upload: null,
  last_export: null,
  last_export_status: null,
  responsible_id: null,
  responsible_name: null,
});

describe('the firm overview, live', () => {
  it('reloads only the rows of the clients a push names, gathered into one call', async () => {
    const socket = portalSocket({ user: user({ permissions_array: ['ove'], all_clients: true }) });
    const queries: unknown[] = [];
    let unconfirmed = 0;
    socket.handle('find', 'firm-overview', (query: { client_no?: { $in: number[] } }) => {
      queries.push(query);
      const clients = query.client_no?.$in ?? [1001, 1002, 1003];
      return { total: clients.length, limit: clients.length, skip: 0, data: clients.map((c) => row(c, c === 1002 ? unconfirmed : 0)) };
    });
    const t = makeRoot({ socket });
    await t.root.session.login('token-1');
    const store = new OverviewStore(t.root, 10);
    const stop = store.activate();
    await flush();
    expect(store.figures.size).toBe(3);
    unconfirmed = 4;
    socket.push('documents patched', { id: 1, client_no: 1002 });
    socket.push('documents created', { id: 2, client_no: 1002 });
    socket.push('open-items patched', { id: 3, client_no: 9999 });
    await new Promise((r) => setTimeout(r, 30));
    await flush();
    expect(queries).toEqual([{}, { client_no: { $in: [1002] } }]);
    expect(store.figures.get(1002)?.unconfirmed).toBe(4);
    stop();
  });
});
