import { flush } from '../../test-support/fake-socket';
import { makeRoot, portalSocket, user } from '../../test-support/fixtures';
import { invoice, serveDocuments } from '../../test-support/invoice-fixtures';
import { InvoiceWorkStore } from './InvoiceWorkStore';
import { prefetchInvoiceList } from './invoice-list-prefetch';

const docs = [
  invoice(1, { uploaded_at: '2026-03-03T00:00:00Z' }),
  invoice(2, { uploaded_at: '2026-03-02T00:00:00Z' }),
  invoice(3, { uploaded_at: '2026-03-01T00:00:00Z', booking: { iban: 'AT193400086789366997' } }),
  invoice(4, { category: 'ER', confirmed: true, flags: 1, booking: { supplier_account: '330100', expense_account: '510000', tax_rate: 20 } }),
  invoice(5, { category: 'ER', confirmed: true, flags: 1, uploaded_at: '2025-12-01T00:00:00Z' }),
  invoice(6, {
    category: 'KA',
    extraction: 'pending',
    uploaded_at: '2026-02-01T00:00:00Z',
    booking: { invoice_number: null, gross_amount: null, net_amount: null, tax_amount: null },
  }),
];

async function started(permissions = user().permissions_array, openedOn = '/') {
  const socket = portalSocket({ user: user({ permissions_array: permissions }) });
  const table = serveDocuments(socket, docs);
  socket.handle('find', 'acc-exp-acc', () => ({
    total: 1,
    limit: 1000,
    skip: 0,
    data: [{ id: 'e', client_no: 1001, accounting: null, account: '510000', name: 'Wareneinsatz', tax_rate: 20, revision: 0, updated_at: '' }],
  }));
  socket.handle('find', 'acc-suppliers', () => ({ total: 0, limit: 1000, skip: 0, data: [] }));
  socket.handle('find', 'acc-cost', () => []);
  const t = makeRoot({ socket });
  const login = t.root.session.login('token-1');
  prefetchInvoiceList(t.root, { pathname: openedOn });
  await login;
  await t.root.company.load();
  await t.root.company.select(1001);
  const work = new InvoiceWorkStore(t.root);
  work.activate();
  return { ...t, work, table };
}

describe('InvoiceWorkStore', () => {
  it('takes the list requested with the shell for the URL the page opened on instead of asking again', async () => {
    const { work, socket } = await started(undefined, '/invoices/1001/er_u');
    expect(await work.open(1001, 'er_u', 0)).toEqual({ redirectTo: 1 });
    expect(socket.callsOf('find', 'documents')).toHaveLength(1);
    expect(work.list.rows.items.map((d) => d.id)).toEqual([1, 2, 3]);
  });

  it('asks for the list again when a document was pushed between the early request and the screen', async () => {
    const { work, socket } = await started(undefined, '/invoices/1001/er_u/2');
    socket.push('documents patched', invoice(1, { revision: 5 }));
    await work.open(1001, 'er_u', 2);
    expect(socket.callsOf('find', 'documents')).toHaveLength(2);
  });

  it('requests no list early for another type than the URL names, nor for another route', async () => {
    const { work, socket } = await started(undefined, '/invoices/1001/ar_u');
    expect(socket.callsOf('find', 'documents')[0].args[0]).toMatchObject({ tab: 'AR_U', client_no: 1001 });
    await work.open(1001, 'er_u', 0);
    expect(socket.callsOf('find', 'documents')).toHaveLength(2);
    const other = await started(undefined, '/documents/1001');
    expect(other.socket.callsOf('find', 'documents')).toHaveLength(0);
  });

  it('sends document id 0 to the first invoice of the chosen type', async () => {
    const { work, socket } = await started();
    expect(await work.open(1001, 'er_u', 0)).toEqual({ redirectTo: 1 });
    expect(socket.callsOf('find', 'documents')[0].args[0]).toMatchObject({ tab: 'ER_U', client_no: 1001 });
  });

  it('switches to another list instead of sending the user back to the invoice opened in the previous list', async () => {
    const { work } = await started();
    await work.open(1001, 'er_u', 2);
    const switching = work.open(1001, 'er', 0);
    expect(work.moveOnTo).toBeNull();
    expect(await switching).toEqual({ redirectTo: 4 });
    expect(work.moveOnTo).toBeNull();
    await work.open(1001, 'er', 4);
    expect(work.record?.id).toBe(4);
    expect(work.moveOnTo).toBeNull();
  });

  it('keeps Confirm disabled while the document is still being read, and says why', async () => {
    const { work } = await started(['app', 'acc']);
    await work.open(1001, 'ka', 6);
    expect(work.canConfirm).toBe(false);
    expect(work.confirmBlockedReason).toBe('stillReading');
  });

  it('keeps Book disabled while a field the export needs is empty, naming it; the default expense account counts as filled', async () => {
    const { work, root } = await started(['app', 'acc']);
    await work.open(1001, 'er', 5);
    expect(work.canBook).toBe(false);
    expect(work.bookBlockedReason).toBe('bookNeedsFields');
    expect(work.bookingGaps).toEqual(['supplier_account', 'expense_account', 'tax_code']);
    root.company.companySettings = { ...root.company.companySettings!, default_expense_account: '510000' };
    expect(work.bookingGaps).toEqual(['supplier_account', 'tax_code']);
    await work.open(1001, 'er', 4);
    expect(work.bookingGaps).toEqual([]);
    expect(work.canBook).toBe(true);
  });

  it('moves to the previous and next invoice of the list', async () => {
    const { work } = await started();
    await work.open(1001, 'er_u', 2);
    expect(work.list.previous?.id).toBe(1);
    expect(work.list.next?.id).toBe(3);
  });

  it('keeps next working after the open invoice left the list by being confirmed', async () => {
    const { work, socket } = await started(['app', 'doc']);
    await work.open(1001, 'er_u', 2);
    expect(work.canConfirm).toBe(true);
    await work.detail.confirm();
    await flush();
    expect(work.list.rows.items.map((r) => r.id)).toEqual([1, 3]);
    expect(work.record?.category).toBe('ER');
    expect(work.list.next?.id).toBe(3);
    expect(work.list.previous?.id).toBe(1);
    expect(socket.callsOf('patch', 'documents')).toHaveLength(1);
  });

  it('moves on to the next invoice of the list after a confirm, else to the previous one', async () => {
    const { work } = await started(['app', 'doc']);
    await work.open(1001, 'er_u', 2);
    expect(work.moveOnTo).toBeNull();
    await work.detail.confirm();
    await flush();
    expect(work.moveOnTo).toEqual({ type: 'er_u', id: 3 });
    const last = await started(['app', 'doc']);
    await last.work.open(1001, 'er_u', 3);
    await last.work.detail.confirm();
    await flush();
    expect(last.work.moveOnTo).toEqual({ type: 'er_u', id: 2 });
  });

  it('moves on only while the route still shows the confirmed invoice in its list, not after the user went to another list', async () => {
    const { work } = await started(['app', 'doc']);
    await work.open(1001, 'er_u', 2);
    await work.detail.confirm();
    await flush();
    expect(work.moveOnFrom('er_u', 2)).toEqual({ type: 'er_u', id: 3 });
    // The user picked "Incoming" (or the route already moved on) before the store followed: no move back to er_u.
    expect(work.moveOnFrom('er', 0)).toBeNull();
    expect(work.moveOnFrom('er_u', 3)).toBeNull();
  });

  it('keeps an invoice of the list open while its row has not arrived in the list yet', async () => {
    const { work, table } = await started(['app', 'doc']);
    await work.open(1001, 'er_u', 1);
    table.set(7, invoice(7, { uploaded_at: '2026-03-04T00:00:00Z' }));
    await work.open(1001, 'er_u', 7);
    expect(work.record?.id).toBe(7);
    expect(work.list.rows.get(7)).toBeUndefined();
    expect(work.moveOnTo).toBeNull();
  });

  it('says why Save, Confirm, Book and Mark exported are disabled', async () => {
    const accountant = await started(['app', 'acc', 'exp']);
    await accountant.work.open(1001, 'er_u', 1);
    expect(accountant.work.saveBlockedReason).toBe('nothingChanged');
    expect(accountant.work.bookBlockedReason).toBe('bookNeedsConfirmed');
    expect(accountant.work.markExportedBlockedReason).toBe('exportNeedsConfirmed');
    expect(accountant.work.confirmBlockedReason).toBeNull();
    accountant.work.detail.form.setField('gross_amount', 'abc');
    expect(accountant.work.confirmBlockedReason).toBe('fixErrors');
    expect(accountant.work.saveBlockedReason).toBeNull();
    await accountant.work.open(1001, 'er', 4);
    expect(accountant.work.bookBlockedReason).toBeNull();
    const clerk = await started(['doc']);
    await clerk.work.open(1001, 'er', 4);
    expect(clerk.work.saveBlockedReason).toBe('editConfirmedNeedsApp');
  });

  it('offers each action by permission and state (spec §6)', async () => {
    const clerk = await started(['doc', 'lab']);
    await clerk.work.open(1001, 'er_u', 1);
    expect([clerk.work.canEdit, clerk.work.mayConfirm, clerk.work.mayBook, clerk.work.mayMarkExported]).toEqual([true, false, false, false]);

    const accountant = await started(['app', 'acc', 'exp', 'pay']);
    await accountant.work.open(1001, 'er', 4);
    expect([accountant.work.canConfirm, accountant.work.canBook, accountant.work.canMarkExported]).toEqual([false, true, true]);
    await accountant.work.open(1001, 'er_u', 3);
    expect(accountant.work.canPay).toBe(true);
    await accountant.work.open(1001, 'er_u', 1);
    expect(accountant.work.canPay).toBe(false);
  });

  it('forbids editing a confirmed invoice without app and any booked one', async () => {
    const { work } = await started(['acc']);
    await work.open(1001, 'er', 4);
    expect(work.canEdit).toBe(false);
    const approver = await started(['app']);
    await approver.work.open(1001, 'er', 4);
    expect(approver.work.canEdit).toBe(true);
    approver.socket.push('documents patched', { ...docs[3], revision: 5, booked: true, locked: true, flags: 3 });
    expect(approver.work.canEdit).toBe(false);
  });

  it('adds a newly uploaded invoice of the client and type to the list live', async () => {
    const { work, socket } = await started();
    await work.open(1001, 'er_u', 1);
    socket.push('documents created', invoice(9, { uploaded_at: '2026-04-01T00:00:00Z' }));
    socket.push('documents created', invoice(10, { client_no: 1002 }));
    expect(work.list.rows.items.map((r) => r.id)).toEqual([9, 1, 2, 3]);
  });

  it('loads expense accounts and suppliers only for users with acc', async () => {
    const withAcc = await started(['acc']);
    await flush();
    expect(withAcc.socket.callsOf('find', 'acc-suppliers').map((c) => c.args[0])).toEqual([
      { client: 1001, acc: [2024, 2025], types: [3, 4] },
      { client: 1001, acc: [2024, 2025], types: [2, 4] },
    ]);
    await withAcc.work.open(1001, 'er_u', 1);
    expect(withAcc.work.pickerOptions.expense_account).toEqual([{ value: '510000', label: 'Wareneinsatz', detail: '20 %' }]);
    const without = await started(['app']);
    await flush();
    expect(without.socket.callsOf('find', 'acc-suppliers')).toHaveLength(0);
    expect(without.work.pickerOptions).toEqual({});
  });

  it('starts at the first invoice of the new client when the open one belongs to another', async () => {
    const { work } = await started();
    expect(await work.open(1002, 'er_u', 1)).toEqual({ redirectTo: null });
    expect(work.record).toBeNull();
  });
});

describe('InvoiceWorkStore: Label mode (lab)', () => {
  const pageWords = [{ page: 1, width: 595, height: 842, words: [{ text: 'KR-4407', x: 300, y: 140, width: 40, height: 10 }] }];
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('is offered with lab only', async () => {
    const labeler = await started(['doc', 'lab']);
    await labeler.work.open(1001, 'er_u', 2);
    expect(labeler.work.mayLabel).toBe(true);
    const reader = await started(['doc', 'app']);
    await reader.work.open(1001, 'er_u', 2);
    expect(reader.work.mayLabel).toBe(false);
  });

  it('ends and forgets the page words when another invoice opens', async () => {
    global.fetch = jest.fn(async () => new Response(JSON.stringify(pageWords), { status: 200 })) as typeof fetch;
    const { work } = await started(['doc', 'lab']);
    await work.open(1001, 'er_u', 2);
    work.labels.toggle(2);
    await flush();
    expect(work.labels.active).toBe(true);
    expect(work.labels.pageWords(1)?.words.map((w) => w.text)).toEqual(['KR-4407']);
    expect(global.fetch).toHaveBeenCalledWith('/api/documents/2/words', expect.anything());
    await work.open(1001, 'er_u', 3);
    expect(work.labels.active).toBe(false);
    expect(work.labels.words).toBeNull();
  });

  it("takes a saved label's answer as the newest record, without a notice of someone else's change", async () => {
    const { work } = await started(['doc', 'lab']);
    await work.open(1001, 'er_u', 2);
    const before = work.record!;
    work.detail.applyOwn({ ...before, revision: before.revision + 1, booking: { ...before.booking, payment_reference: 'KR-4407' } });
    expect(work.record?.booking.payment_reference).toBe('KR-4407');
    expect(work.detail.liveChange).toBeNull();
    work.detail.applyOwn({ ...before, id: 99, revision: before.revision + 2 });
    expect(work.record?.id).toBe(2);
  });
});

describe('InvoiceWorkStore: own labels pushed back', () => {
  it("shows the push of the user's own label, arriving before its answer, without a notice of someone else's change", async () => {
    const { work, socket } = await started(['doc', 'lab']);
    await work.open(1001, 'er_u', 2);
    const before = work.record!;
    let answer: (value: unknown) => void = () => undefined;
    socket.handle('patch', 'documents', () => new Promise((resolve) => (answer = resolve)));
    work.labels.select({ page: 1, x: 1, y: 1, width: 5, height: 5 });
    work.labels.chooseField('payment_reference');
    work.labels.setValue('KR-4407');
    const saving = work.labels.save(2);
    await flush();
    const labeled = { ...before, revision: before.revision + 1, booking: { ...before.booking, payment_reference: 'KR-4407' } };
    socket.push('documents patched', labeled);
    await flush();
    expect(work.record?.booking.payment_reference).toBe('KR-4407');
    expect(work.detail.liveChange).toBeNull();
    answer(labeled);
    await saving;
    expect(work.labels.changing).toBe(false);
    // Someone else's change afterwards is one.
    socket.push('documents patched', { ...labeled, revision: labeled.revision + 1, booking: { ...labeled.booking, invoice_number: 'X-1' } });
    await flush();
    expect(work.detail.liveChange?.fields).toEqual(['invoice_number']);
  });
});
