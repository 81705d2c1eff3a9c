import type { OpenItem } from '@portal/contracts';
import { makeRoot, portalSocket, user } from '../../test-support/fixtures';
import { OPEN_ITEMS_PAGE, OpenItemsStore } from './OpenItemsStore';

const item = (id: number): OpenItem =>
  ({
    id,
    client_no: 1001,
    kind: 'payable',
    listed: true,
    open: true,
    status: 'open',
    title: `Invoice ${id}`,
    invoice_number: `R-${id}`,
    outstanding: id,
    currency: 'EUR',
    days_overdue: 0,
    bucket: 'not_due',
    payments: [],
  }) as unknown as OpenItem;

/** A service of 250 open items that answers $skip / $limit / $sort as the server does. */
async function opened() {
  const socket = portalSocket({ user: user({ permissions_array: ['rep', 'acc'] }) });
  const all = Array.from({ length: 250 }, (_, i) => item(i + 1));
  const queries: Array<Record<string, unknown>> = [];
  socket.handle('find', 'open-items', (query: Record<string, unknown>) => {
    queries.push(query);
    const sort = query.$sort as Record<string, number>;
    const sorted = sort.outstanding === -1 ? [...all].reverse() : all;
    const skip = Number(query.$skip ?? 0);
    const limit = Number(query.$limit ?? 50);
    return { total: all.length, limit, skip, data: sorted.slice(skip, skip + limit), ageing: [], today: '2026-06-01' };
  });
  socket.handle('get', 'open-items', (id: number) => all[id - 1]);
  const t = makeRoot({ socket });
  await t.root.session.login('token-1');
  const store = new OpenItemsStore(t.root);
  await store.open(1001, 'payable', 0);
  return { store, queries };
}

describe('the unpaid items list beyond its first page', () => {
  it('loads one page first and the next with "load more" until every item is listed', async () => {
    const { store, queries } = await opened();
    expect(store.items.items).toHaveLength(OPEN_ITEMS_PAGE);
    expect(store.items.hasMore).toBe(true);
    await store.loadMore();
    await store.loadMore();
    expect(store.items.items.map((i) => i.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(store.items.hasMore).toBe(false);
    expect(queries.map((q) => q.$skip)).toEqual([0, 100, 200]);
  });

  it('keeps the rows loaded so far when a pushed change reloads the list', async () => {
    const { store, queries } = await opened();
    await store.loadMore();
    await store.refresh();
    expect(store.items.items).toHaveLength(200);
    expect(queries.at(-1)).toMatchObject({ $skip: 0, $limit: 200 });
  });

  it('sorts on the server and starts again from the first page', async () => {
    const { store, queries } = await opened();
    await store.loadMore();
    await store.setFilter({ sort: 'outstanding:-1' });
    expect(queries.at(-1)).toMatchObject({ $skip: 0, $limit: OPEN_ITEMS_PAGE, $sort: { outstanding: -1 } });
    expect(store.items.items[0]!.id).toBe(250);
    expect(store.items.items).toHaveLength(OPEN_ITEMS_PAGE);
  });
});
