import { FakeSocket, flush } from '../test-support/fake-socket';
import { makeRoot } from '../test-support/fixtures';
import { PrefetchCache } from './prefetch-cache';

function setup() {
  let now = 0;
  const t = makeRoot({ socket: new FakeSocket() });
  t.socket.handle('find', 'documents', () => ({ total: 1, limit: 50, skip: 0, data: [{ id: 1 }] }));
  const cache = new PrefetchCache(10_000, () => now);
  return { ...t, cache, later: (ms: number) => (now += ms) };
}

describe('PrefetchCache', () => {
  it('hands the answer of a prefetched request to the first screen asking the same, once', async () => {
    const { cache, root, socket } = setup();
    cache.find(root.client, 'documents', { client_no: 1001 });
    await flush();
    expect(socket.callsOf('find', 'documents')).toHaveLength(1);
    await expect(cache.take('documents', { client_no: 1001 })).resolves.toMatchObject({ total: 1 });
    expect(cache.take('documents', { client_no: 1001 })).toBeUndefined();
  });

  it('hands out nothing for another query or after the time to live', () => {
    const { cache, root, later } = setup();
    cache.find(root.client, 'documents', { client_no: 1001 });
    expect(cache.take('documents', { client_no: 1002 })).toBeUndefined();
    cache.find(root.client, 'documents', { client_no: 1003 });
    later(10_001);
    expect(cache.take('documents', { client_no: 1003 })).toBeUndefined();
  });

  it('hands out nothing when a change of the service was pushed after the request, so the screen asks again', async () => {
    const { cache, root, socket } = setup();
    cache.find(root.client, 'documents', { client_no: 1001 });
    socket.push('documents patched', { id: 1, revision: 2 });
    await flush();
    expect(cache.take('documents', { client_no: 1001 })).toBeUndefined();
  });

  it('stops listening to the service once the answer is taken', async () => {
    const { cache, root, socket } = setup();
    cache.find(root.client, 'documents', { client_no: 1001 });
    const listeners = socket.listenerCount('documents patched');
    expect(listeners).toBeGreaterThan(0);
    await cache.take('documents', { client_no: 1001 });
    expect(socket.listenerCount('documents patched')).toBe(listeners - 1);
  });
});
