import { FeathersClient } from '../../api/feathers-client';
import { FakeSocket, flush } from '../../test-support/fake-socket';
import { LiveList, type LiveListOptions } from './LiveList';

interface Job {
  id: string;
  client_no: number;
  at: string;
  revision: number;
  status?: string;
}

const job = (id: string, at: string, over: Partial<Job> = {}): Job => ({ id, client_no: 1001, at, revision: 1, ...over });
const newestFirst = (a: Job, b: Job) => b.at.localeCompare(a.at);
const page = (data: Job[], total = data.length) => ({ total, limit: 100, skip: 0, data });

/** An answer the test sends when it chooses. */
function later<T>() {
  let send: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (send = resolve));
  return { promise, send };
}

async function live(answer: (query: Record<string, unknown>) => unknown, options: Partial<LiveListOptions<Job>> = {}) {
  const finds: Array<Record<string, unknown>> = [];
  const socket = new FakeSocket()
    .handle('create', 'authentication', (data: { accessToken: string }) => ({ accessToken: data.accessToken, authentication: { strategy: 'jwt' }, user: {} }))
    .handle('find', 'jobs', (query: Record<string, unknown>) => {
      finds.push(query);
      return answer(query);
    });
  const client = new FeathersClient(socket);
  await client.authenticate('jwt-1');
  let client_no = 1001;
  const list = new LiveList<Job>({
    name: 'TestStore.jobs',
    client,
    path: 'jobs',
    query: () => ({ client_no, $limit: 100 }),
    order: newestFirst,
    belongs: (j) => j.client_no === client_no && j.status !== 'hidden',
    revisionOf: (j) => j.revision,
    ...options,
  });
  const choose = (no: number) => (client_no = no);
  return { list, socket, finds, choose };
}

describe('a live list', () => {
  it('applies pushed created, patched and removed records in its order once subscribed, and nothing after the stop', async () => {
    const { list, socket } = await live(() => page([job('b', '2026-02'), job('a', '2026-01')]));
    await list.load();
    const stop = list.subscribe();
    socket.push('jobs created', job('c', '2026-03'));
    socket.push('jobs patched', job('a', '2026-01', { revision: 2, status: 'done' }));
    expect(list.items.map((j) => j.id)).toEqual(['c', 'b', 'a']);
    expect(list.get('a')?.status).toBe('done');
    expect(list.total).toBe(3);
    socket.push('jobs removed', job('b', '2026-02'));
    expect(list.items.map((j) => j.id)).toEqual(['c', 'a']);
    expect(list.total).toBe(2);
    stop();
    socket.push('jobs created', job('d', '2026-04'));
    expect(list.items.map((j) => j.id)).toEqual(['c', 'a']);
    expect(socket.listenerCount('jobs created')).toBe(0);
  });

  it('takes out a record the user may no longer see: pushed as removed, or changed so that it left the list', async () => {
    const { list, socket } = await live(() => page([job('a', '2026-01'), job('b', '2026-02'), job('c', '2026-03')]));
    await list.load();
    const stop = list.subscribe();
    socket.push('jobs removed', job('a', '2026-01'));
    socket.push('jobs patched', job('b', '2026-02', { revision: 2, client_no: 2002 }));
    socket.push('jobs patched', job('c', '2026-03', { revision: 2, status: 'hidden' }));
    expect(list.items).toEqual([]);
    expect(list.total).toBe(0);
    // A record of another client or one outside the filter never joins.
    socket.push('jobs created', job('x', '2026-05', { client_no: 2002 }));
    expect(list.items).toEqual([]);
    stop();
  });

  it('keeps the newer revision when an older one arrives after it', async () => {
    const { list, socket } = await live(() => page([job('a', '2026-01', { revision: 3, status: 'done' })]));
    await list.load();
    const stop = list.subscribe();
    socket.push('jobs patched', job('a', '2026-01', { revision: 2, status: 'running' }));
    expect(list.get('a')).toMatchObject({ revision: 3, status: 'done' });
    stop();
  });

  it('drops the answer of a request when a newer one was sent meanwhile', async () => {
    const slow = later<unknown>();
    const { list, choose } = await live((query) => (query.client_no === 1001 ? slow.promise : page([job('z', '2026-09', { client_no: 2002 })])));
    const first = list.load();
    choose(2002);
    await list.load();
    slow.send(page([job('a', '2026-01')]));
    expect(await first).toBeUndefined();
    expect(list.items.map((j) => j.id)).toEqual(['z']);
    expect(list.loading).toBe(false);
  });

  it('has one reload in flight: reloads asked for meanwhile are coalesced into one more after it', async () => {
    const answers: Array<ReturnType<typeof later<unknown>>> = [];
    const { list, finds } = await live(() => {
      const answer = later<unknown>();
      answers.push(answer);
      return answer.promise;
    });
    const first = list.reload();
    const second = list.reload();
    void list.reload();
    await flush();
    expect(finds).toHaveLength(1);
    answers[0]!.send(page([job('a', '2026-01')]));
    await flush();
    expect(finds).toHaveLength(2);
    answers[1]!.send(page([job('a', '2026-01'), job('b', '2026-02')]));
    await Promise.all([first, second]);
    expect(finds).toHaveLength(2);
    expect(list.items.map((j) => j.id)).toEqual(['b', 'a']);
  });

  it('reloads once after a burst of pushed events it is told to reload on, and after a reconnect', async () => {
    const { list, socket, finds } = await live(() => page([]), { reloadOn: ['created'], reloadDelayMs: 5 });
    const stop = list.subscribe();
    for (let i = 0; i < 5; i++) socket.push('jobs created', job(`n${i}`, '2026-01'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    await flush();
    expect(finds).toHaveLength(1);
    expect(list.items).toEqual([]);
    socket.disconnect();
    socket.connect();
    await flush();
    expect(finds).toHaveLength(2);
    stop();
  });

  it('loads more: the next page after the listed rows, without repeating a row', async () => {
    const all = Array.from({ length: 5 }, (_, i) => job(`j${i}`, `2026-0${9 - i}`));
    const { list, finds } = await live(
      (q) => {
        const skip = Number(q.$skip ?? 0);
        return page(all.slice(skip, skip + Number(q.$limit)), all.length);
      },
      { pageSize: 3, query: () => ({ $skip: 0, $limit: 2 }) },
    );
    await list.load();
    expect(list.hasMore).toBe(true);
    await Promise.all([list.loadMore(), list.loadMore()]);
    expect(finds.map((q) => [q.$skip, q.$limit])).toEqual([
      [0, 2],
      [2, 3],
    ]);
    expect(list.items.map((j) => j.id)).toEqual(['j0', 'j1', 'j2', 'j3', 'j4']);
    expect(list.hasMore).toBe(false);
  });

  it('adds a new record only when the list admits it, and asks nothing while there is nothing to list', async () => {
    let searching = true;
    const { list, socket, finds } = await live(() => page([]), { admits: () => !searching, query: () => null });
    await list.load();
    expect(finds).toEqual([]);
    const stop = list.subscribe();
    socket.push('jobs created', job('a', '2026-01'));
    expect(list.items).toEqual([]);
    searching = false;
    socket.push('jobs created', job('a', '2026-01'));
    expect(list.items.map((j) => j.id)).toEqual(['a']);
    stop();
  });

  it('forgets its records and the answer on its way when cleared', async () => {
    const slow = later<unknown>();
    const { list } = await live(() => slow.promise);
    const loading = list.load();
    list.clear();
    slow.send(page([job('a', '2026-01')]));
    await loading;
    expect(list.items).toEqual([]);
    expect(list.loaded).toBe(false);
  });
});
