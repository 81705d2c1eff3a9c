import type { AuditEntry, DocumentHistory } from '@portal/contracts';
import { FeathersClient } from '../../api/feathers-client';
import { FakeSocket, flush } from '../../test-support/fake-socket';
import { invoice } from '../../test-support/invoice-fixtures';
import { DocumentHistoryStore } from './DocumentHistoryStore';

const entry = (revision: number, kind: string): AuditEntry => ({
  revision,
  position: 100 + revision,
  time: `2026-01-01T10:0${revision}:00Z`,
  user: { id: 'u', username: 'accountant', name: 'Anna Berger' },
  clientNo: 1001,
  kind,
  type: 'Document',
  commandId: 'c',
  correlationId: 'c',
  originCode: kind === 'confirmed' ? 12 : null,
  changes: [{ field: 'confirmed', old: false, new: true }],
});

function served(chain: DocumentHistory['chain'] = { intact: true }) {
  const entries = [entry(0, 'uploaded'), entry(1, 'fields-extracted'), entry(2, 'fields-edited'), entry(3, 'confirmed')];
  const socket = new FakeSocket()
    .handle('find', 'document-history', (q: { from?: number; to?: number }) =>
      q.from !== undefined
        ? { documentId: 7, from: q.from, to: q.to, changes: [{ field: 'booking.subject', old: null, new: 'x' }] }
        : { documentId: 7, revision: 3, chain, entries },
    )
    .handle('get', 'document-history', (_id: number, q: { asOf: number }) => ({
      documentId: 7,
      revision: q.asOf,
      time: '',
      chain,
      document: invoice(7, { revision: q.asOf }),
    }));
  const store = new DocumentHistoryStore(new FeathersClient(socket), 7);
  return { socket, store };
}

describe('DocumentHistoryStore', () => {
  it('loads the timeline and filters it by kind', async () => {
    const { store } = served();
    await store.load();
    expect(store.entries).toHaveLength(4);
    expect(store.availableKinds).toEqual(['uploaded', 'fields-extracted', 'confirmed', 'fields-edited']);
    store.toggleKind('confirmed');
    expect(store.entries.map((e) => e.kind)).toEqual(['confirmed']);
    store.clearKinds();
    expect(store.entries).toHaveLength(4);
  });

  it('reports a broken hash chain', async () => {
    const { store } = served({ intact: false, revision: 2, reason: 'hash mismatch' });
    await store.load();
    expect(store.intact).toBe(false);
  });

  it('shows the document as of an event', async () => {
    const { store, socket } = served();
    await store.showAsOf(0);
    expect(socket.callsOf('get', 'document-history')[0].args).toEqual([7, { asOf: 0 }]);
    expect(store.asOf?.document?.revision).toBe(0);
  });

  it('compares two points in order', async () => {
    const { store, socket } = served();
    await store.compare(3, 1);
    expect(socket.callsOf('find', 'document-history')[0].args[0]).toEqual({ documentId: 7, from: 1, to: 3 });
    expect(store.diff?.changes).toHaveLength(1);
  });

  it('reloads when the document is patched', async () => {
    const { store, socket } = served();
    await store.load();
    store.subscribe();
    socket.push('documents patched', invoice(7, { revision: 4 }));
    socket.push('documents patched', invoice(8, { revision: 9 }));
    await flush();
    expect(socket.callsOf('find', 'document-history')).toHaveLength(2);
    store.dispose();
  });
});
