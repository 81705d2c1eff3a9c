import type { ExportJob, Permission } from '@portal/contracts';
import { flush } from '../../test-support/fake-socket';
import { makeRoot, portalSocket, user } from '../../test-support/fixtures';
import type { FetchExportFile } from './export-file';
import { ExportsStore } from './ExportsStore';

function job(id: string, overrides: Partial<ExportJob> = {}): ExportJob {
  return {
    id,
    client_no: 1001,
    accounting: 2025,
    format: 'BMD',
    status: 'done',
    document_ids: [11, 12],
    requested_by: 'u-1',
    requested_at: '2025-03-01T10:00:00.000Z',
    finished_at: '2025-03-01T10:00:02.000Z',
    count: 1,
    file_name: `export-${id}.zip`,
    file_sha256: 'abc',
    document_results: [],
    reason: null,
    revision: 1,
    updated_at: '2025-03-01T10:00:02.000Z',
    ...overrides,
  };
}

const unprocessable = {
  name: 'Unprocessable',
  message: 'No booked documents of client 1001 in 2025 are waiting for export.',
  code: 422,
  className: 'unprocessable',
};

async function started(options: { permissions?: Permission[]; jobs?: ExportJob[]; fetchFile?: FetchExportFile } = {}) {
  const socket = portalSocket({ user: user({ permissions_array: options.permissions ?? ['acc', 'exp', 'app'] }) });
  const jobs = options.jobs ?? [];
  const created: unknown[] = [];
  socket.handle('find', 'erp-exports', () => ({ total: jobs.length, limit: 50, skip: 0, data: jobs }));
  socket.handle('create', 'erp-exports', (data: { client_no: number; accounting: number; format: 'DATEV' | 'BMD' }) => {
    created.push(data);
    return job('new', {
      ...data,
      status: 'in progress',
      requested_at: '2025-04-01T00:00:00.000Z',
      finished_at: null,
      file_name: null,
      count: null,
      revision: 0,
    });
  });
  socket.handle('find', 'documents', (q: { id: { $in: number[] } }) => ({
    total: q.id.$in.length,
    limit: 50,
    skip: 0,
    data: q.id.$in.map((id) => ({ id, title: `Invoice ${id}` })),
  }));
  const t = makeRoot({ socket });
  await t.root.session.login('token-1');
  await t.root.company.load();
  await t.root.company.select(1001);
  const store = new ExportsStore(t.root, options.fetchFile ? { fetchFile: options.fetchFile } : {});
  const stop = store.activate();
  await store.setClient(1001);
  return { ...t, store, stop, created };
}

describe('ExportsStore', () => {
  it('lists the client jobs newest first and asks the server for that client only', async () => {
    const { store, socket } = await started({ jobs: [job('a', { requested_at: '2025-01-01T00:00:00Z' }), job('b', { requested_at: '2025-02-01T00:00:00Z' })] });
    expect(store.jobs.items.map((j) => j.id)).toEqual(['b', 'a']);
    expect(socket.callsOf('find', 'erp-exports')[0].args[0]).toMatchObject({ client_no: 1001, $sort: { requested_at: -1 } });
  });

  it('preselects the current period and the client account system as the format', async () => {
    const { store } = await started();
    expect(store.accounting).toBe(2025);
    expect(store.format).toBe('BMD');
    store.chooseAccounting(2024);
    store.chooseFormat('DATEV');
    expect([store.accounting, store.format]).toEqual([2024, 'DATEV']);
  });

  it('starts an export of the chosen period and format and lists the job in progress first', async () => {
    const { store, created } = await started({ jobs: [job('old')] });
    store.chooseFormat('DATEV');
    const answered = await store.start();
    expect(created).toEqual([{ client_no: 1001, accounting: 2025, format: 'DATEV' }]);
    expect(answered?.status).toBe('in progress');
    expect(store.jobs.items.map((j) => j.id)).toEqual(['new', 'old']);
    expect(store.running).toBe(true);
  });

  it('keeps the refusal of a start as startError instead of throwing', async () => {
    const { store, socket } = await started();
    socket.handle('create', 'erp-exports', () => {
      throw unprocessable;
    });
    expect(await store.start()).toBeNull();
    expect(store.startError).toMatchObject({ code: 422, name: 'Unprocessable' });
    expect(store.starting).toBe(false);
    store.chooseAccounting(2024);
    expect(store.startError).toBeNull();
  });

  it('turns a job done live when erp-exports patched is pushed, with counts from its document results', async () => {
    const { store, socket } = await started({ jobs: [job('x', { status: 'in progress', revision: 0 })] });
    socket.push(
      'erp-exports patched',
      job('x', {
        status: 'done',
        revision: 1,
        document_results: [
          { documentId: 11, status: 'imported', reason: 'DATEV export' },
          { documentId: 12, status: 'error', reason: 'supplier_account: is missing' },
          { documentId: 13, status: 'info', reason: 'booking text written as "x"' },
        ],
      }),
    );
    expect(store.jobs.items[0].status).toBe('done');
    expect(store.counts(store.jobs.items[0])).toEqual({ imported: 1, error: 1, info: 1 });
  });

  it('adds a job another user started, but not one of another client', async () => {
    const { store, socket } = await started();
    socket.push('erp-exports created', job('mine', { status: 'in progress' }));
    socket.push('erp-exports created', job('theirs', { client_no: 1002 }));
    expect(store.jobs.items.map((j) => j.id)).toEqual(['mine']);
  });

  it('ignores a pushed job older than the one it holds', async () => {
    const { store, socket } = await started({ jobs: [job('x', { status: 'failed', revision: 2, reason: 'boom' })] });
    socket.push('erp-exports patched', job('x', { status: 'in progress', revision: 1 }));
    expect(store.jobs.items[0].status).toBe('failed');
  });

  it('reports a failed latest job, and no longer once a newer one is done', async () => {
    const { store, socket } = await started({
      jobs: [job('f', { status: 'failed', reason: 'The export failed: disk full' }), job('d', { requested_at: '2024-01-01T00:00:00Z' })],
    });
    expect(store.latestFailed).toBe(true);
    socket.push('erp-exports created', job('later', { requested_at: '2025-06-01T00:00:00Z' }));
    expect(store.latestFailed).toBe(false);
  });

  it('stops listening after deactivate', async () => {
    const { store, socket, stop } = await started();
    stop();
    socket.push('erp-exports created', job('late'));
    expect(store.jobs.items).toHaveLength(0);
    expect(socket.listenerCount('erp-exports created')).toBe(0);
  });

  it('loads nothing and offers no start for a user without exp or acc', async () => {
    const { store, socket } = await started({ permissions: ['doc', 'app'] });
    expect(store.enabled).toBe(false);
    expect(store.canStart).toBe(false);
    expect(socket.callsOf('find', 'erp-exports')).toHaveLength(0);
  });

  it('forgets the previous client jobs and choices when the client changes', async () => {
    const { store } = await started({ jobs: [job('a')] });
    store.chooseFormat('DATEV');
    await store.setClient(1002);
    expect(store.jobs.items).toEqual([]);
    expect(store.chosenFormat).toBeNull();
  });

  it('reloads the jobs after the connection is re-authenticated', async () => {
    const { store, socket } = await started();
    socket.disconnect();
    socket.connect();
    await flush();
    expect(socket.callsOf('find', 'erp-exports')).toHaveLength(2);
    expect(store.jobs.loaded).toBe(true);
  });

  it('looks up the titles of a job documents once', async () => {
    const results = [
      { documentId: 11, status: 'imported' as const, reason: '' },
      { documentId: 12, status: 'error' as const, reason: 'x' },
    ];
    const { store, socket } = await started({ jobs: [job('a', { document_results: results })] });
    await store.loadTitles(store.jobs.items[0]);
    await store.loadTitles(store.jobs.items[0]);
    expect(store.titleOf(12)).toBe('Invoice 12');
    expect(socket.callsOf('find', 'documents')).toHaveLength(1);
    expect(socket.callsOf('find', 'documents')[0].args[0]).toMatchObject({ client_no: 1001, id: { $in: [11, 12] } });
  });

  it('downloads a done job file with the stored token under the job file name', async () => {
    const asked: Array<[string, string | null]> = [];
    const fetchFile: FetchExportFile = async (id, token) => {
      asked.push([id, token]);
      return new Blob(['PK']);
    };
    const { store } = await started({ jobs: [job('a')], fetchFile });
    const pending = store.download(store.jobs.items[0]);
    expect(store.downloading).toBe('a');
    const file = await pending;
    expect(file.fileName).toBe('export-a.zip');
    expect(asked).toEqual([['a', 'token-1']]);
    expect(store.downloading).toBeNull();
  });

  it('refuses to download a job that is not done', async () => {
    const { store } = await started({ jobs: [job('a', { status: 'failed', file_name: null })] });
    await expect(store.download(store.jobs.items[0])).rejects.toThrow('has no file');
  });
});
