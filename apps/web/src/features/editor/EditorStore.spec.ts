import type { EditorDocumentRecord, PageRef } from '@portal/contracts';
import { flush } from '../../test-support/fake-socket';
import { makeRoot, portalSocket } from '../../test-support/fixtures';
import { EditorBadgeStore } from './EditorBadgeStore';
import { EditorInboxStore } from './EditorInboxStore';
import { EditorStore } from './EditorStore';

const page = (n: number, rotation: PageRef['rotation'] = 0): PageRef => ({
  file: 'a'.repeat(64),
  page: n,
  rotation,
  source: { kind: 'editor', id: 7, revision: 0 },
});

function item(overrides: Partial<EditorDocumentRecord> = {}): EditorDocumentRecord {
  const pages = overrides.pages ?? [page(0), page(1), page(2), page(3)];
  return {
    id: 7,
    client_no: 1001,
    category: null,
    title: 'Scan',
    kind: 'source',
    status: 'inbox',
    is_processed_documents_accumulator: null,
    file_name: 'scan.pdf',
    media_type: 'application/pdf',
    size: 100,
    sha256: 'a'.repeat(64),
    pdf_sha256: 'a'.repeat(64),
    file_pages: 4,
    pages,
    page_count: pages.length,
    channel: 'upload',
    scanner_id: null,
    scanner_name: null,
    sender: 'client1',
    from_id: null,
    target_document_id: null,
    document_id: null,
    derived: [],
    merged_into: null,
    processed_note: null,
    undo_revisions: [],
    received_at: '2026-03-02T08:00:00Z',
    received_by: 'u-1',
    updated_at: '2026-03-02T08:00:00Z',
    revision: 0,
    payroll: false,
    ...overrides,
  };
}

async function editing(record = item()) {
  const socket = portalSocket();
  let current = record;
  const patches: Array<{ data: Record<string, unknown>; query: Record<string, unknown> }> = [];
  socket.handle('get', 'editor-document', () => current);
  socket.handle('patch', 'editor-document', (_id: number, data: Record<string, unknown>, query: Record<string, unknown>) => {
    patches.push({ data, query });
    if (data.action === 'arrange') {
      const arrangement = data.pages as { from: number; rotation: PageRef['rotation'] }[];
      current = item({
        ...current,
        pages: arrangement.map((a) => ({ ...current.pages[a.from]!, rotation: a.rotation })),
        revision: current.revision + 1,
        undo_revisions: [...current.undo_revisions, current.revision + 1],
      });
    } else if (data.action === 'undo') {
      current = item({ ...record, revision: current.revision + 1, undo_revisions: [] });
    } else if (data.action === 'renameDocument') {
      if (query.revision !== current.revision) throw { name: 'Conflict', code: 409, message: 'The record was changed in the meantime.', className: 'conflict' };
      current = item({ ...current, title: String(data.title), revision: current.revision + 1 });
    } else if (data.action === 'completeDocument') {
      if (query.revision !== current.revision) throw { name: 'Conflict', code: 409, message: 'The record was changed in the meantime.', className: 'conflict' };
      if (current.category === null)
        throw { name: 'Unprocessable', code: 422, message: 'client and document group must be chosen', className: 'unprocessable' };
      current = item({ ...current, status: 'completed', revision: current.revision + 1 });
    }
    return current;
  });
  const t = makeRoot({ socket });
  await t.root.session.login('token-1');
  const store = new EditorStore(t.root);
  await store.open(7);
  return { ...t, store, patches };
}

describe('EditorStore', () => {
  it('turns the selected pages and sends the arrangement with the revision it shows', async () => {
    const { store, patches } = await editing();
    store.click(1, { shift: false, toggle: false });
    store.click(2, { shift: false, toggle: true });
    await store.rotate(90);
    expect(patches[0]).toEqual({
      data: {
        action: 'arrange',
        pages: [
          { from: 0, rotation: 0 },
          { from: 1, rotation: 90 },
          { from: 2, rotation: 90 },
          { from: 3, rotation: 0 },
        ],
      },
      query: { revision: 0 },
    });
    expect(store.pages.map((p) => p.rotation)).toEqual([0, 90, 90, 0]);
  });

  it('undoes the last edit of this session', async () => {
    const { store, patches } = await editing();
    store.focus(3);
    await store.removePages();
    expect(store.pages).toHaveLength(3);
    expect(store.canUndo).toBe(true);
    await store.undo();
    expect(patches[1]!.data).toEqual({ action: 'undo', revision: 1 });
    expect(store.pages).toHaveLength(4);
    expect(store.canUndo).toBe(false);
  });

  it('moves the selection before a page and keeps it selected where it landed', async () => {
    const { store } = await editing();
    store.click(2, { shift: false, toggle: false });
    store.click(3, { shift: true, toggle: false });
    await store.moveTo(0);
    expect(store.pages.map((p) => p.page)).toEqual([2, 3, 0, 1]);
    expect(store.selection).toEqual([0, 1]);
  });

  it('splits at the markers into parts', async () => {
    const { store, patches } = await editing();
    store.toggleCut(1);
    expect(store.splitParts).toEqual([
      [0, 1],
      [2, 3],
    ]);
    await store.split();
    expect(patches[0]!.data).toEqual({ action: 'split', parts: [{ positions: [0, 1] }, { positions: [2, 3] }] });
  });

  it('reports a refused completion with the server text, changing nothing', async () => {
    const { store } = await editing();
    expect(await store.complete()).toBe(false);
    expect(store.failure).toMatchObject({ kind: 'completeDocument', error: { message: 'client and document group must be chosen' } });
    expect(store.record?.revision).toBe(0);
  });

  it('completes right after a rename still being sent: the completion follows it with the new revision, not dropped', async () => {
    const { store, patches } = await editing(item({ category: 'ER_U' }));
    const renamed = store.rename('Rechnung Mai');
    const completed = store.complete();
    expect(store.queued).toBe('completeDocument');
    expect(await Promise.all([renamed, completed])).toEqual([true, true]);
    expect(patches.map((p) => [p.data.action, p.query.revision])).toEqual([
      ['renameDocument', 0],
      ['completeDocument', 1],
    ]);
    expect(store.record).toMatchObject({ title: 'Rechnung Mai', status: 'completed' });
    expect(store.queued).toBeNull();
  });

  it('sends a double-clicked completion once, and none after a failed rename (whose failure is shown)', async () => {
    const { store, patches } = await editing(item({ category: 'ER_U' }));
    const first = store.complete();
    expect(await store.complete()).toBe(false);
    await first;
    expect(patches.map((p) => p.data.action)).toEqual(['completeDocument']);

    const fresh = await editing(item({ category: 'ER_U', revision: 3 }));
    fresh.store.record = { ...fresh.store.record!, revision: 2 };
    const renamed = fresh.store.rename('Rechnung Mai');
    expect(await fresh.store.complete()).toBe(false);
    expect(await renamed).toBe(false);
    expect(fresh.patches.map((p) => p.data.action)).toEqual(['renameDocument']);
    expect(fresh.store.failure?.kind).toBe('renameDocument');
    // A later action is sent again.
    fresh.store.record = { ...fresh.store.record!, revision: 3 };
    expect(await fresh.store.complete()).toBe(true);
  });

  it('reports a refused upload of added pages with the server text and merges nothing', async () => {
    const { store, patches } = await editing();
    const refused = async () => ({
      fileName: 'x.pdf',
      ok: false as const,
      error: { name: 'BadRequest', code: 400, message: 'The PDF file is damaged and cannot be opened in the document editor.' },
    });
    expect(await store.addUpload(new File(['x'], 'x.pdf'), refused)).toBe(false);
    expect(store.failure).toMatchObject({
      kind: 'addPages',
      error: { code: 400, message: 'The PDF file is damaged and cannot be opened in the document editor.' },
    });
    expect(store.busy).toBeNull();
    expect(patches).toHaveLength(0);
  });

  it('merges an uploaded file into the document as added pages', async () => {
    const { store, patches } = await editing();
    const uploads: Array<{ clientNo: number; token: string | null }> = [];
    const accepted = async (request: { clientNo: number; token: string | null }) => {
      uploads.push({ clientNo: request.clientNo, token: request.token });
      return { fileName: 'x.pdf', ok: true as const, editorDocumentId: 42, pages: 2 };
    };
    await store.addUpload(new File(['x'], 'x.pdf'), accepted);
    expect(uploads).toEqual([{ clientNo: 1001, token: 'token-1' }]);
    expect(patches[0]!.data).toEqual({ action: 'merge', items: [42] });
  });

  it('never removes the last page (pages must be selected)', async () => {
    const { store, patches } = await editing(item({ pages: [page(0)] }));
    await store.removePages();
    expect(patches).toHaveLength(0);
    expect(store.failure?.error.message).toBe('pages must be selected');
  });
});

describe('EditorInboxStore', () => {
  it('lists waiting items newest first and moves a processed one to the processed list live', async () => {
    const socket = portalSocket();
    socket.handle('find', 'editor-document', (q: Record<string, unknown>) =>
      q.is_processed_documents_accumulator === null
        ? { total: 2, limit: 500, skip: 0, data: [item({ id: 1, received_at: '2026-03-01T00:00:00Z' }), item({ id: 2, received_at: '2026-03-02T00:00:00Z' })] }
        : { total: 0, limit: 50, skip: 0, data: [] },
    );
    const t = makeRoot({ socket });
    await t.root.session.login('token-1');
    const store = new EditorInboxStore(t.root, async () => ({ fileName: 'x', ok: true, editorDocumentId: 3, pages: 1 }));
    await store.open(1001);
    expect(store.waiting.items.map((i) => i.id)).toEqual([2, 1]);
    socket.push('editor-document patched', item({ id: 1, status: 'completed', is_processed_documents_accumulator: '2026-03-03T00:00:00Z' }));
    socket.push('editor-document created', item({ id: 9, client_no: 1002 }));
    await flush();
    expect(store.waiting.items.map((i) => i.id)).toEqual([2]);
    expect(store.processed.items.map((i) => i.id)).toEqual([1]);
  });
});

describe('EditorBadgeStore', () => {
  it('counts the unprocessed inbox items of the selected client with the spec call, again after a push', async () => {
    {
      const socket = portalSocket();
      let total = 3;
      socket.handle('find', 'editor-document', () => ({ total, limit: 0, skip: 0, data: [] }));
      const t = makeRoot({ socket });
      await t.root.session.login('token-1');
      await t.root.company.load();
      await t.root.company.select(1001);
      const badge = new EditorBadgeStore(t.root);
      badge.start();
      await flush();
      expect(badge.count).toBe(3);
      expect(socket.callsOf('find', 'editor-document')[0]!.args[0]).toEqual({
        client_no: 1001,
        is_processed_documents_accumulator: null,
        $select: ['id'],
        $limit: 0,
      });
      total = 4;
      socket.push('editor-document created', item({ id: 5 }));
      await new Promise((r) => setTimeout(r, 400));
      await flush();
      expect(badge.count).toBe(4);
      badge.stop();
    }
  });
});
