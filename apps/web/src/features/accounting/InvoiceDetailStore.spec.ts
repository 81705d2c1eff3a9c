import { FeathersClient } from '../../api/feathers-client';
import { FakeSocket, flush } from '../../test-support/fake-socket';
import { invoice, serveDocuments } from '../../test-support/invoice-fixtures';
import { InvoiceDetailStore } from './InvoiceDetailStore';

async function opened(doc = invoice(7)) {
  const socket = new FakeSocket();
  const table = serveDocuments(socket, [doc]);
  const store = new InvoiceDetailStore(new FeathersClient(socket));
  socket.on('documents patched', (d) => store.applyPushed(d));
  await store.open(doc.id);
  return { socket, table, store };
}

/** Someone else's change as the server would push it. */
function theirEdit(
  table: Map<number, ReturnType<typeof invoice>>,
  socket: FakeSocket,
  id: number,
  booking: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  const doc = table.get(id)!;
  const next = { ...doc, ...extra, revision: doc.revision + 1, booking: { ...doc.booking, ...booking } };
  table.set(id, next);
  socket.push('documents patched', next);
  return next;
}

describe('InvoiceDetailStore', () => {
  it('saves the edited fields with the revision they were made on', async () => {
    const { socket, store } = await opened();
    store.form.setField('subject', 'Electricity March');
    store.form.setField('net_amount', '100,00');
    expect(store.form.changed).toEqual(['subject']);
    store.form.settleField('net_amount');
    expect(Object.keys(store.form.draft)).toEqual(['subject']);
    expect(await store.save()).toBe('done');
    const [id, data, query] = socket.callsOf('patch', 'documents')[0].args;
    expect([id, data, query]).toEqual([7, { fields: { subject: 'Electricity March' } }, { revision: 2 }]);
    expect(store.dirty).toBe(false);
    expect(store.record?.booking.subject).toBe('Electricity March');
  });

  it('validates while editing: sum incorrect with sum and difference, and unreadable numbers', async () => {
    const { store } = await opened();
    store.form.setField('gross_amount', '125');
    expect(store.form.issuesOf('gross_amount')).toEqual([expect.objectContaining({ key: 'sumIncorrect', params: { sum: 120, difference: 5 } })]);
    expect(store.form.blocksConfirm).toBe(true);
    store.form.setField('tax_amount', 'abc');
    expect(store.form.issuesOf('tax_amount')).toEqual([expect.objectContaining({ key: 'numberInvalid' })]);
    expect(await store.save()).toBe('invalid');
  });

  it("shows the server's 422 issues next to the field", async () => {
    const { socket, store } = await opened();
    socket.handle('patch', 'documents', () => {
      throw {
        name: 'Unprocessable',
        code: 422,
        message: 'Six digits required',
        data: { issues: [{ field: 'expense_account', key: 'sixDigits', message: 'Six digits required', severity: 'error', blocksConfirm: true }] },
      };
    });
    store.form.setField('subject', 'x');
    expect(await store.save()).toBe('invalid');
    expect(store.form.issuesOf('expense_account')).toEqual([expect.objectContaining({ key: 'sixDigits' })]);
  });

  it('applies a pushed change of another user live when nothing is being edited', async () => {
    const { socket, table, store } = await opened();
    theirEdit(table, socket, 7, {}, { flags: 3, confirmed: true, booked: true, locked: true });
    expect(store.record?.booked).toBe(true);
    expect(store.liveChange).toEqual({ revision: 3, fields: [], flags: true });
    expect(store.conflict).toBeNull();
  });

  it('keeps my edit and carries on when someone else changed a different field', async () => {
    const { socket, table, store } = await opened();
    store.form.setField('subject', 'mine');
    theirEdit(table, socket, 7, { cost_center: 'KST100' });
    expect(store.conflict).toBeNull();
    expect(store.form.values?.cost_center).toBe('KST100');
    expect(store.form.values?.subject).toBe('mine');
    expect(await store.save()).toBe('done');
    expect(socket.callsOf('patch', 'documents')[0].args[2]).toEqual({ revision: 3 });
  });

  it('reports a conflict with the newer value when someone else changed the field I am editing', async () => {
    const { socket, table, store } = await opened();
    store.form.setField('subject', 'mine');
    theirEdit(table, socket, 7, { subject: 'theirs' });
    expect(store.conflict).toEqual({ source: 'push', revision: 3, theirFields: ['subject'] });
    expect(store.record?.booking.subject).toBe('theirs');
    expect(store.form.values?.subject).toBe('mine');
    // Saving now would overwrite theirs: the server refuses the stale revision.
    expect(await store.save()).toBe('conflict');
    expect(store.dirty).toBe(true);
    store.keepMine();
    expect(await store.save()).toBe('done');
    expect(table.get(7)?.booking.subject).toBe('mine');
  });

  it('answers a lost race on save with a conflict and the newer state, never an overwrite', async () => {
    const { table, store } = await opened();
    store.form.setField('subject', 'mine');
    // Their change was stored but its push has not arrived yet.
    table.set(7, { ...table.get(7)!, revision: 3, booking: { ...table.get(7)!.booking, subject: 'theirs' } });
    expect(await store.save()).toBe('conflict');
    expect(store.conflict).toEqual({ source: 'save', revision: 3, theirFields: ['subject'] });
    expect(store.record?.booking.subject).toBe('theirs');
    expect(table.get(7)?.booking.subject).toBe('theirs');
    store.discard();
    expect(store.form.values?.subject).toBe('theirs');
  });

  it('confirms after saving pending edits', async () => {
    const { socket, store } = await opened();
    store.form.setField('document_type', 'FS');
    expect(await store.confirm()).toBe('done');
    expect(socket.callsOf('patch', 'documents').map((c) => c.args[1])).toEqual([{ fields: { document_type: 'FS' } }, { action: 'confirm' }]);
    expect(socket.callsOf('patch', 'documents')[1].args[2]).toEqual({ revision: 3 });
    expect(store.record?.confirmed).toBe(true);
  });

  it('tells the user when an action lost a race, showing the newer state', async () => {
    const { table, store } = await opened(invoice(7, { confirmed: true, flags: 1 }));
    table.set(7, { ...table.get(7)!, revision: 3, booked: true, flags: 3 });
    expect(await store.book()).toBe('conflict');
    expect(store.conflict?.source).toBe('action');
    expect(store.record?.booked).toBe(true);
  });

  it('ignores pushes of other documents and older revisions', async () => {
    const { socket, store } = await opened();
    socket.push('documents patched', invoice(8, { revision: 9 }));
    socket.push('documents patched', invoice(7, { revision: 1, title: 'old' }));
    await flush();
    expect(store.record?.title).toBe('Invoice 7');
  });
});
