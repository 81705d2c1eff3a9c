import type { RpaErrorRecord } from '@portal/contracts';
import { flush } from '../../test-support/fake-socket';
import { makeRoot, portalSocket, user } from '../../test-support/fixtures';
import { RpaErrorCountStore } from './RpaErrorCountStore';
import { RpaErrorsStore } from './RpaErrorsStore';

const record = (id: string, over: Partial<RpaErrorRecord> = {}): RpaErrorRecord => ({
  id,
  kind: 'extraction_broken',
  client_no: 1001,
  document_id: 7,
  link: '/doc/1001/7',
  subject_label: '#7',
  reason: 'damaged',
  attempts: 1,
  first_failed_at: '2026-04-01T10:00:00Z',
  last_failed_at: '2026-04-01T10:00:00Z',
  status: 'open',
  resolution: null,
  resolved_at: null,
  resolved_by: null,
  remark: null,
  retryable: true,
  ref: null,
  retry_requested_at: null,
  revision: 0,
  ...over,
});

async function started() {
  const socket = portalSocket({ user: user({ permissions_array: ['adm'], all_clients: true }) });
  const finds: unknown[] = [];
  socket.handle('find', 'rpa-errors', (q: Record<string, unknown>) => {
    finds.push(q);
    return q.$limit === 0 ? { total: 4, limit: 0, skip: 0, data: [] } : { total: 1, limit: 100, skip: 0, data: [record('a')] };
  });
  socket.handle('find', 'documents', () => ({ total: 1, limit: 1, skip: 0, data: [{ id: 7, title: 'Rechnung Mai' }] }));
  socket.handle('patch', 'rpa-errors', (id: string, data: { action: string; remark?: string }) =>
    record(
      id,
      data.action === 'resolve'
        ? { status: 'resolved', resolution: 'manual', remark: data.remark ?? null, revision: 1 }
        : { retry_requested_at: '2026-04-01T11:00:00Z', revision: 1 },
    ),
  );
  const t = makeRoot({ socket });
  await t.root.session.login('token-1');
  const store = new RpaErrorsStore(t.root);
  store.activate();
  await store.load();
  return { ...t, store, finds };
}

describe('RpaErrorsStore', () => {
  it('loads open failures newest first with the document titles', async () => {
    const { store, finds } = await started();
    expect(finds[0]).toMatchObject({ status: 'open', $sort: { last_failed_at: -1 } });
    expect(store.titleOf(store.records.items[0]!)).toBe('Rechnung Mai');
  });

  it('drops a failure from the open list once it is resolved, and adds a new pushed failure at the top', async () => {
    const { store, socket } = await started();
    expect(await store.resolve('a', 'Beleg neu angefordert')).toBe(true);
    expect(store.records.items).toEqual([]);
    socket.push('rpa-errors created', record('b', { last_failed_at: '2026-04-02T10:00:00Z' }));
    await flush();
    expect(store.records.items.map((e) => e.id)).toEqual(['b']);
  });

  it('records the retry request on the failure', async () => {
    const { store } = await started();
    await store.retry('a');
    expect(store.records.items[0]!.retry_requested_at).toBe('2026-04-01T11:00:00Z');
  });
});

describe('RpaErrorCountStore', () => {
  it('counts open failures for administrators only', async () => {
    const { root } = await started();
    const counter = new RpaErrorCountStore(root);
    counter.start();
    await flush();
    expect(counter.open).toBe(4);
    counter.dispose();
  });
});
