import type { ScannerRecord } from '@portal/contracts';
import { flush } from '../../test-support/fake-socket';
import { makeRoot, portalSocket, user } from '../../test-support/fixtures';
import { ScannersStore } from './ScannersStore';

const scanner = (id: string, overrides: Partial<ScannerRecord> = {}): ScannerRecord => ({
  id,
  name: `Scanner ${id}`,
  location: 'Erdgeschoss',
  activated: true,
  last_seen: null,
  last_channel: null,
  assigned_users: ['u-1'],
  client_no: 1001,
  target: 'editor',
  category: 'ER_U',
  deliveries: 0,
  refused: 0,
  last_refusal: null,
  secret_set_at: '2026-03-01T00:00:00Z',
  created_at: '2026-03-01T00:00:00Z',
  updated_at: '2026-03-01T00:00:00Z',
  revision: 0,
  ...overrides,
});

async function started() {
  const socket = portalSocket({ user: user({ permissions_array: ['adm'], all_clients: true }) });
  socket.handle('find', 'scanners', () => ({
    total: 2,
    limit: 500,
    skip: 0,
    data: [scanner('b-scan', { name: 'Zentrale' }), scanner('a-scan', { name: 'Empfang' })],
  }));
  socket.handle('find', 'users', () => ({
    total: 1,
    limit: 500,
    skip: 0,
    data: [{ id: 'u-1', username: 'client1', firstName: 'Clemens', lastName: 'Gruber', klienten_array: [1001], all_clients: false }],
  }));
  socket.handle('create', 'scanners', (data: { name: string }) => ({ ...scanner('new-scan', { name: data.name }), secret: 'S'.repeat(32) }));
  socket.handle('patch', 'scanners', (id: string, data: Record<string, unknown>) =>
    data.action === 'rotateSecret' ? { ...scanner(id), secret: 'R'.repeat(32) } : { ...scanner(id), ...data, revision: 1 },
  );
  const t = makeRoot({ socket });
  await t.root.session.login('token-1');
  const store = new ScannersStore(t.root);
  await store.load();
  return { ...t, store, socket };
}

describe('ScannersStore', () => {
  it('lists scanners by name and names their assigned users', async () => {
    const { store } = await started();
    expect(store.scanners.items.map((s) => s.name)).toEqual(['Empfang', 'Zentrale']);
    expect(store.userName('u-1')).toBe('Clemens Gruber');
  });

  it('shows the secret of a new scanner once and forgets it when the dialog closes', async () => {
    const { store } = await started();
    expect(await store.create({ name: 'Neu', location: '', client_no: 1001, assigned_users: [], target: 'editor', category: 'ER_U' })).toBe(true);
    expect(store.revealed?.secret).toBe('S'.repeat(32));
    store.forgetSecret();
    expect(store.revealed).toBeNull();
    expect(store.scanners.items.map((s) => s.id)).toContain('new-scan');
  });

  it('reveals a rotated secret and switches a scanner off', async () => {
    const { store } = await started();
    await store.rotateSecret('a-scan');
    expect(store.revealed?.secret).toBe('R'.repeat(32));
    await store.setActivated('a-scan', false);
    expect(store.scanners.items.find((s) => s.id === 'a-scan')?.activated).toBe(false);
  });

  it('applies pushed changes and removals live', async () => {
    const { store, socket } = await started();
    socket.push('scanners patched', scanner('a-scan', { name: 'Empfang', last_seen: '2026-03-02T08:00:00Z', last_channel: 'email', revision: 3 }));
    socket.push('scanners removed', scanner('b-scan'));
    await flush();
    expect(store.scanners.items.map((s) => [s.id, s.last_channel])).toEqual([['a-scan', 'email']]);
  });
});
