import type { FonFirm, FonQuotaItem } from '@portal/contracts';
import { flush } from '../../test-support/fake-socket';
import { makeRoot, portalSocket } from '../../test-support/fixtures';
import { ITEM_PAGE } from './FonItemsStore';
import { FonStore } from './FonStore';

const TOTAL = 450;
const firm: FonFirm = {
  id: 'f1',
  name: 'Kanzlei',
  ntcs_id: 7,
  webeku_user: null,
  webeku_password_set: false,
  revision: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const itemRow = (i: number, over: Partial<FonQuotaItem> = {}): FonQuotaItem => ({
  id: `f1:2025:46${String(i).padStart(7, '0')}:ESt`,
  firm_id: 'f1',
  tax_office: '46',
  tax_year: 2025,
  status: 'open',
  name: `Mandant ${String(i).padStart(4, '0')}`,
  taxId: '46-000/0000',
  ntcsPersNr: null,
  abgabedatum: null,
  eingangsDatum: null,
  quotenArt: 'ESt',
  business_income: false,
  zustMa: null,
  regKassa: null,
  conflict_kind: null,
  registered: true,
  registered_late_on: null,
  not_relevant_remark: null,
  client_no: null,
  updated_at: '2026-11-01T00:00:00Z',
  revision: 1,
  ...over,
});
const page = <T>(data: T[]) => ({ total: data.length, skip: 0, limit: data.length, data });

async function screen() {
  const socket = portalSocket();
  const itemFinds: Array<Record<string, unknown>> = [];
  socket.handle('find', 'fon-firms', () => page([firm]));
  socket.handle('find', 'fon-users', () => page([]));
  socket.handle('find', 'fon-conflicts', () => page([]));
  socket.handle('find', 'cash-registers', () => page([]));
  socket.handle('find', 'fon-imports', () => page([]));
  socket.handle('find', 'fon-quota-items', (query: Record<string, unknown>) => {
    if (query.view === 'quota') return page([]);
    if (query.view === 'facets') return { tax_offices: [], employees: [], statuses: {}, conflict_kinds: {}, items: TOTAL };
    itemFinds.push(query);
    const skip = Number(query.$skip ?? 0);
    const limit = Number(query.$limit);
    return { total: TOTAL, skip, limit, data: Array.from({ length: Math.max(0, Math.min(limit, TOTAL - skip)) }, (_, i) => itemRow(skip + i)) };
  });
  const t = makeRoot({ socket });
  await t.root.session.login('token-1');
  const store = new FonStore(t.root);
  const stop = store.activate();
  await flush();
  return { store, socket, itemFinds, stop };
}

describe('FonStore items paging as the user scrolls', () => {
  it('loads the first page of items, then the next ones at the end of the table until every item is there', async () => {
    const { store, itemFinds, stop } = await screen();
    expect(store.items.list.items).toHaveLength(ITEM_PAGE);
    expect(store.items.list.total).toBe(TOTAL);
    store.items.loadMore();
    store.items.loadMore(); // a second call while the page loads asks nothing
    await flush();
    expect(itemFinds.map((q) => [q.$skip, q.$limit])).toEqual([
      [0, ITEM_PAGE],
      [ITEM_PAGE, ITEM_PAGE],
    ]);
    store.items.loadMore();
    await flush();
    expect(store.items.list.items).toHaveLength(TOTAL);
    expect(store.items.list.hasMore).toBe(false);
    store.items.loadMore();
    await flush();
    expect(itemFinds).toHaveLength(3);
    stop();
  });

  it('starts again from the first page, with the filter, when a filter changes', async () => {
    const { store, itemFinds, stop } = await screen();
    store.items.loadMore();
    await flush();
    await store.items.setFilters({ status: 'submitted', office: '46' });
    await flush();
    expect(itemFinds.at(-1)).toMatchObject({ $skip: 0, $limit: ITEM_PAGE, status: 'submitted', tax_office: '46', firm_id: 'f1', $sort: { name: 1 } });
    expect(store.items.list.items).toHaveLength(ITEM_PAGE);
    stop();
  });

  it('replaces a pushed change of a listed item in place, without loading the items again', async () => {
    const { store, socket, itemFinds, stop } = await screen();
    store.items.loadMore();
    await flush();
    const finds = itemFinds.length;
    socket.push('fon-quota-items patched', itemRow(250, { status: 'submitted', abgabedatum: '2026-10-01' }));
    await flush();
    expect(store.items.list.items[250]).toMatchObject({ status: 'submitted', abgabedatum: '2026-10-01' });
    expect(store.items.list.items).toHaveLength(2 * ITEM_PAGE);
    expect(itemFinds).toHaveLength(finds);
    stop();
  });
});
