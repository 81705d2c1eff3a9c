import type { DocumentProgress, DocumentRecord } from '@portal/contracts';
import type { Uploader, UploadOutcome, UploadRequest } from '../../api/document-upload';
import { flush } from '../../test-support/fake-socket';
import { makeRoot, portalSocket } from '../../test-support/fixtures';
import { FIRST_PAGE_SIZE } from './DocumentsStore';
import { prefetchDocuments } from './documents-prefetch';
import { DocumentsStore } from './DocumentsStore';

function doc(id: number, overrides: Partial<DocumentRecord> = {}): DocumentRecord {
  return {
    id,
    client_no: 1001,
    category: 'ER_U',
    title: `Invoice ${id}`,
    file_name: `i${id}.pdf`,
    media_type: 'application/pdf',
    size: 100,
    sha256: `s${id}`,
    uploaded_at: `2025-01-${String((id % 28) + 1).padStart(2, '0')}T10:00:00Z`,
    uploaded_by: 'client1',
    updated_at: '2025-01-01T00:00:00Z',
    revision: 1,
    flags: 0,
    confirmed: false,
    booked: false,
    locked: false,
    invalid: false,
    deleted: false,
    trashed_at: null,
    purge_after: null,
    problem: null,
    extraction: 'done',
    origin: 2,
    pages: 1,
    page_origins: [2],
    language: 'de',
    invoice_number: `R-${id}`,
    invoice_date: '2025-01-02',
    due_date: null,
    biller_name: 'ACME',
    recipient_name: null,
    gross_amount: 119,
    currency: 'EUR',
    fields: {},
    field_origins: {},
    einvoice: null,
    text_sha256: null,
    booking: {} as DocumentRecord['booking'],
    booking_origins: {},
    issues: [],
    erp_status: null,
    erp_reason: null,
    confirmed_by: null,
    booked_by: null,
    ...overrides,
  };
}

/** A documents service over `all`, honouring tab, deleted, $skip and $limit, and the bulk patch. */
function documentsSocket(all: DocumentRecord[]) {
  return portalSocket()
    .handle('find', 'documents', (q: { tab: string; $skip: number; $limit: number; search?: string; confirmed?: boolean }) => {
      const rows = all.filter(
        (d) =>
          (q.tab === 'Deleted' ? d.deleted : !d.deleted && (q.tab === 'Latest' || d.category === q.tab)) &&
          (q.confirmed === undefined || d.confirmed === q.confirmed),
      );
      const hits = q.search
        ? rows.filter((d) => d.title.includes(q.search!)).map((d) => ({ ...d, snippet: { field: 'text', text: d.title, highlights: [[0, 3]] }, rank: 1 }))
        : rows;
      return { total: hits.length, limit: q.$limit, skip: q.$skip, data: hits.slice(q.$skip, q.$skip + q.$limit) };
    })
    .handle('patch', 'documents', (id: number | null, data: { deleted: boolean }, query: { id: { $in: number[] } }) => {
      const ids = id === null ? query.id.$in : [id];
      if (data.deleted && ids.some((i) => all.find((d) => d.id === i)?.booked))
        throw { name: 'Conflict', code: 409, className: 'conflict', message: 'A booked document cannot be moved to the trash.' };
      const changed = ids.map((i) => ({ ...all.find((d) => d.id === i)!, deleted: data.deleted, revision: 2 }));
      return id === null ? changed : changed[0];
    });
}

const noUpload: Uploader = async (r) => ({ fileName: r.file.name, ok: true, documentId: 1 });

async function opened(all: DocumentRecord[], uploader: Uploader = noUpload) {
  const t = makeRoot({ socket: documentsSocket(all) });
  await t.root.session.login('token-1');
  const store = new DocumentsStore(t.root, uploader);
  await store.open(1001, 'ER_U');
  return { ...t, store };
}

describe('DocumentsStore', () => {
  it('is not loaded (no count to show) until the first rows of the view arrive', async () => {
    const t = makeRoot({ socket: documentsSocket([doc(1)]) });
    await t.root.session.login('token-1');
    const store = new DocumentsStore(t.root, noUpload);
    expect(store.rows.loaded).toBe(false);
    const opening = store.open(1001, 'ER_U');
    expect(store.rows.loaded).toBe(false);
    await opening;
    expect(store.rows.loaded).toBe(true);
    expect(store.rows.total).toBe(1);
  });

  it('takes the first rows requested with the shell for the URL the page opened on instead of asking again', async () => {
    const t = makeRoot({ socket: documentsSocket([doc(1), doc(2)]) });
    const login = t.root.session.login('token-1');
    prefetchDocuments(t.root, { pathname: '/documents/1001', search: '' });
    await login;
    const store = new DocumentsStore(t.root, noUpload);
    await store.open(1001, 'ER_U');
    expect(store.rows.loadedRows.map((r) => r.id)).toEqual([1, 2]);
    expect(t.socket.callsOf('find', 'documents')).toHaveLength(1);
    await store.reload();
    expect(t.socket.callsOf('find', 'documents')).toHaveLength(2);
  });

  it('prefetches nothing for other routes or the full-text tab', () => {
    const t = makeRoot({ socket: documentsSocket([]) });
    prefetchDocuments(t.root, { pathname: '/invoices/1001', search: '' });
    prefetchDocuments(t.root, { pathname: '/documents/0', search: '' });
    prefetchDocuments(t.root, { pathname: '/documents/1001', search: '?tab=FullText' });
    expect(t.socket.callsOf('find', 'documents')).toHaveLength(0);
  });

  it('loads the first page of a tab with the client, tab and default sort', async () => {
    const { store, socket } = await opened([doc(1), doc(2), doc(3, { category: 'AR_U' })]);
    expect(store.rows.total).toBe(2);
    expect(store.rows.loadedRows.map((r) => r.id)).toEqual([1, 2]);
    expect(socket.callsOf('find', 'documents')[0].args[0]).toMatchObject({
      tab: 'ER_U',
      client_no: 1001,
      $skip: 0,
      $limit: FIRST_PAGE_SIZE,
      $sort: { uploaded_at: -1 },
    });
  });

  it('shows one screen of rows first and loads further pages of 1000 only when the table scrolls to them', async () => {
    const all = Array.from({ length: 2500 }, (_, i) => doc(i + 1));
    const { store, socket } = await opened(all);
    expect(store.rows.items).toHaveLength(2500);
    expect(store.rows.loadedRows).toHaveLength(FIRST_PAGE_SIZE);
    await store.rows.ensureRows(0, 40);
    expect(socket.callsOf('find', 'documents')).toHaveLength(1);
    await store.rows.ensureRows(0, 240);
    expect(store.rows.loadedRows).toHaveLength(1000);
    expect(store.rows.rowAt(1500)).toBeUndefined();
    await store.rows.ensureRows(1400, 1450);
    expect(store.rows.rowAt(1500)?.id).toBe(1501);
    expect(store.rows.rowAt(2100)).toBeUndefined();
    await store.rows.ensureAll();
    expect(store.rows.loadedRows).toHaveLength(2500);
    expect(socket.callsOf('find', 'documents').map((c) => (c.args[0] as { $skip: number }).$skip)).toEqual([0, 0, 1000, 2000]);
  });

  it('adds a pushed new document of its tab and ignores one of another client or tab', async () => {
    const { store, socket } = await opened([doc(1), doc(2)]);
    socket.push('documents created', doc(9, { uploaded_at: '2026-01-01T00:00:00Z' }));
    socket.push('documents created', doc(10, { client_no: 1002 }));
    socket.push('documents created', doc(11, { category: 'KA' }));
    expect(store.rows.loadedRows.map((r) => r.id)).toEqual([9, 1, 2]);
    expect(store.rows.total).toBe(3);
  });

  it('updates a row in place when its extraction finishes and drops it when it is moved to the trash', async () => {
    const { store, socket } = await opened([doc(1, { extraction: 'pending', invoice_number: null })]);
    socket.push('documents patched', doc(1, { revision: 2, invoice_number: 'RE-77' }));
    expect(store.rows.rowAt(0)?.invoice_number).toBe('RE-77');
    socket.push('documents patched', doc(1, { revision: 3, deleted: true }));
    expect(store.rows.total).toBe(0);
  });

  it('ignores a pushed record older than the row it holds', async () => {
    const { store, socket } = await opened([doc(1, { revision: 5, title: 'New' })]);
    socket.push('documents patched', doc(1, { revision: 4, title: 'Old' }));
    expect(store.rows.rowAt(0)?.title).toBe('New');
  });

  it('applies the state filters to pushed records', async () => {
    const { store, socket } = await opened([doc(1)]);
    await store.setFilter('confirmed', true);
    socket.push('documents created', doc(5, { confirmed: false }));
    socket.push('documents created', doc(6, { confirmed: true, flags: 1 }));
    expect(store.rows.loadedRows.map((r) => r.id)).toEqual([6]);
    expect(socket.callsOf('find', 'documents').at(-1)?.args[0]).toMatchObject({ confirmed: true });
  });

  it('sorts by a clicked column, the second click reversing it', async () => {
    const { store, socket } = await opened([doc(1)]);
    await store.sortBy('gross_amount');
    await store.sortBy('gross_amount');
    expect(store.sort).toEqual({ field: 'gross_amount', direction: -1 });
    expect(socket.callsOf('find', 'documents').at(-1)?.args[0]).toMatchObject({ $sort: { gross_amount: -1 } });
  });

  it('searches with the text and keeps the snippets of the hits', async () => {
    const { store, socket } = await opened([doc(1, { title: 'Rechnung Zebra' }), doc(2)]);
    await store.setSearch('Zebra');
    expect(store.rows.loadedRows.map((r) => r.id)).toEqual([1]);
    expect(store.rows.rowAt(0)?.snippet?.highlights).toEqual([[0, 3]]);
    expect(socket.callsOf('find', 'documents').at(-1)?.args[0]).toMatchObject({ search: 'Zebra' });
    socket.push('documents created', doc(3, { title: 'Zebra too' }));
    expect(store.rows.total).toBe(1);
  });

  it('moves the selected documents to the trash in one bulk call and clears them from the list', async () => {
    const { store, socket } = await opened([doc(1), doc(2), doc(3)]);
    store.toggleSelected(1);
    store.toggleSelected(3);
    expect(await store.moveToTrash()).toBe(2);
    const call = socket.callsOf('patch', 'documents')[0];
    expect(call.args).toEqual([null, { deleted: true }, { id: { $in: [1, 3] } }]);
    expect(store.rows.loadedRows.map((r) => r.id)).toEqual([2]);
    expect(store.selected.size).toBe(0);
  });

  it('restores from the trash tab', async () => {
    const { store } = await opened([doc(1, { deleted: true }), doc(2)]);
    await store.open(1001, 'Deleted');
    store.toggleAll();
    await store.restore();
    expect(store.rows.total).toBe(0);
  });

  it('rejects with the Conflict message when a booked document is moved to the trash', async () => {
    const { store } = await opened([doc(1, { booked: true, flags: 3 })]);
    store.toggleSelected(1);
    await expect(store.moveToTrash()).rejects.toMatchObject({ name: 'Conflict', message: 'A booked document cannot be moved to the trash.' });
    expect(store.rows.total).toBe(1);
    expect(store.busy).toBe(false);
  });

  it('uploads each file with its own progress, then follows the worker until extracted', async () => {
    const requests: UploadRequest[] = [];
    const answers: Array<(o: UploadOutcome) => void> = [];
    const uploader: Uploader = (r) => {
      requests.push(r);
      return new Promise((resolve) => answers.push(resolve));
    };
    const { store, socket } = await opened([], uploader);
    store.upload([new File(['a'], 'a.pdf'), new File(['bb'], 'b.pdf')]);
    expect(requests.map((r) => [r.file.name, r.clientNo, r.category, r.token])).toEqual([
      ['a.pdf', 1001, 'ER_U', 'token-1'],
      ['b.pdf', 1001, 'ER_U', 'token-1'],
    ]);
    requests[0].onProgress(50, 100);
    expect(store.uploads.items[0]).toMatchObject({ phase: 'uploading', fraction: 0.5 });
    answers[0]({ fileName: 'a.pdf', ok: true, documentId: 41 });
    answers[1]({ fileName: 'b.pdf', ok: false, error: { name: 'Conflict', code: 409, message: 'Document already exists.' } });
    await flush();
    expect(store.uploads.items[1]).toMatchObject({ phase: 'failed', error: { message: 'Document already exists.' } });
    const progress: DocumentProgress = { documentId: 41, client_no: 1001, stage: 'ocr', percent: 60 };
    socket.push('documents progress', progress);
    expect(store.uploads.items[0]).toMatchObject({ phase: 'extracting', stage: 'ocr', fraction: 0.6 });
    expect(store.progress.get(41)?.stage).toBe('ocr');
    socket.push('documents progress', { ...progress, stage: 'done', percent: 100 });
    expect(store.uploads.items[0].phase).toBe('done');
    expect(store.uploads.active).toBe(false);
  });

  it('stops applying pushed events once disposed', async () => {
    const { store, socket } = await opened([doc(1)]);
    store.dispose();
    socket.push('documents created', doc(2));
    expect(store.rows.total).toBe(1);
    expect(socket.listenerCount('documents created')).toBe(0);
    expect(socket.listenerCount('documents progress')).toBe(0);
  });
});
