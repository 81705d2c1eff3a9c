import type { OpenItemRecord } from '@portal/contracts';
import type { StoredOpenItem } from '@portal/read-models';
import { openItemsService, presentOpenItem, withDefaultSkonto } from './open-items.service';

const record = (over: Partial<OpenItemRecord> = {}) =>
  ({
    id: 5,
    client_no: 1001,
    kind: 'receivable',
    category: 'AR',
    listed: true,
    open: true,
    status: 'open',
    title: 't',
    invoice_number: 'R-1',
    invoice_date: '2026-03-01',
    party: 'Kunde AG',
    currency: 'EUR',
    gross: 1000,
    paid: 0,
    discount: 0,
    outstanding: 1000,
    due_date: '2026-03-31',
    discount_percent: null,
    discount_due_date: null,
    payment_reference: null,
    iban: null,
    dunning_level: 0,
    last_dunning_date: null,
    blocked: false,
    block_reason: null,
    payments: [],
    booked_at: '2026-03-02T00:00:00Z',
    settled_at: null,
    updated_at: '2026-03-02T00:00:00Z',
    revision: -1,
    fact: {},
    ...over,
  }) as unknown as StoredOpenItem;

describe('open items as the service presents them (fixed clock)', () => {
  it('puts an overdue receivable into its ageing bucket with statutory interest of its country', () => {
    const at = presentOpenItem(record(), '2026-05-15', 'AT');
    expect(at).toMatchObject({ days_overdue: 45, bucket: 'd31_60', late_interest: { law: '§ 456 UGB', days: 45, flatFee: 40 } });
    expect(at).not.toHaveProperty('fact');
    expect(presentOpenItem(record(), '2026-05-15', 'DE').late_interest?.law).toBe('§ 288 BGB');
  });

  it('shows no interest on payables and on items not yet due', () => {
    expect(presentOpenItem(record({ kind: 'payable' }), '2026-05-15', 'AT').late_interest).toBeNull();
    expect(presentOpenItem(record(), '2026-03-20', 'AT')).toMatchObject({ days_overdue: 0, bucket: 'not_due', late_interest: null });
  });

  it('offers the Skonto until its deadline, with the client default for invoices without their own', () => {
    const own = record({ discount_percent: 2, discount_due_date: '2026-03-10' });
    expect(presentOpenItem(own, '2026-03-10', 'AT').discount_available).toBe(20);
    expect(presentOpenItem(own, '2026-03-11', 'AT').discount_available).toBe(0);
    expect(withDefaultSkonto(record(), { days: 14, percent: 3 })).toMatchObject({ discount_percent: 3, discount_due_date: '2026-03-15' });
    expect(withDefaultSkonto(own, { days: 14, percent: 3 })).toMatchObject({ discount_percent: 2 });
    expect(presentOpenItem(record(), '2026-03-12', 'AT', { days: 14, percent: 3 }).discount_available).toBe(30);
  });
});

describe('open-items changes with bad input', () => {
  // Validation comes before any read or command: a store or command that is touched fails the test.
  const untouchable = new Proxy(
    {},
    {
      get: () => {
        throw new Error('touched');
      },
    },
  );
  const service = openItemsService(untouchable as never, untouchable as never);
  const context = { user: { keycloakId: 'u', permissions_array: ['acc'], klienten_array: [1001], all_clients: false }, accessToken: '' } as never;
  const patch = (data: unknown) => service.methods.patch!.run(context, { id: 5, data: data as Record<string, unknown>, query: {} });

  it('refuses a negative or zero payment, a malformed date and an unknown action with a BadRequest', async () => {
    await expect(patch({ action: 'pay', amount: -5, date: '2026-03-01' })).rejects.toMatchObject({
      name: 'BadRequest',
      code: 400,
      message: expect.stringContaining('greater than zero'),
    });
    await expect(patch({ action: 'pay', amount: 0, date: '2026-03-01' })).rejects.toMatchObject({ code: 400 });
    await expect(patch({ action: 'pay', amount: 5, date: '1.3.2026' })).rejects.toMatchObject({ code: 400, message: expect.stringContaining('YYYY-MM-DD') });
    await expect(patch({ action: 'refund', amount: 5 })).rejects.toMatchObject({ code: 400 });
    await expect(patch({ action: 'cancel-payment', paymentId: 'p', reason: ' ' })).rejects.toMatchObject({ code: 400 });
  });

  it("leaves bank payments to the bank matcher: a payment marked bank or with a match's payment id is refused", async () => {
    await expect(patch({ action: 'pay', amount: 5, date: '2026-03-01', source: { kind: 'bank', reference: 'tx-1' } })).rejects.toMatchObject({
      name: 'BadRequest',
      code: 400,
      message: expect.stringContaining('matching its bank transaction'),
    });
    await expect(patch({ action: 'pay', amount: 5, date: '2026-03-01', paymentId: 'bank-m-42' })).rejects.toMatchObject({ name: 'BadRequest', code: 400 });
  });

  it('takes a bank payment back only through its match, never by cancelling the payment by hand', async () => {
    const bankPaid = record({
      payments: [
        {
          id: 'bank-m-1',
          amount: 100,
          discount: 0,
          date: '2026-03-05',
          note: '',
          source: { kind: 'bank', reference: 'tx-1' },
          recorded_by: 'u',
          recorded_at: '2026-03-05T00:00:00Z',
          cancelled: false,
          cancel_reason: null,
        },
      ],
    });
    const store = { get: async () => bankPaid } as never;
    const withItem = openItemsService(store, untouchable as never);
    await expect(
      withItem.methods.patch!.run(context, { id: 5, data: { action: 'cancel-payment', paymentId: 'bank-m-1', reason: 'wrong' }, query: {} }),
    ).rejects.toMatchObject({ name: 'BadRequest', message: expect.stringContaining('undoing its match') });
  });

  it('sorts by one field or several, each ascending or descending', async () => {
    const sorts: unknown[] = [];
    const store = { get: async () => null, find: async (_c: string, q: { sort: unknown }) => (sorts.push(q.sort), { total: 0, limit: 0, skip: 0, data: [] }) };
    const sorted = openItemsService(store as never, untouchable as never);
    const find = (query: Record<string, unknown>) => sorted.methods.find!.run(context, { id: null, data: null, query });
    await find({ client_no: 1001, $sort: { outstanding: -1 } });
    await find({ client_no: 1001, $sort: { party: '1', due_date: '-1' } });
    expect(sorts.slice(0, 1)).toEqual([
      [
        ['outstanding', -1],
        ['id', 1],
      ],
    ]);
    expect(sorts[2]).toEqual([
      ['party', 1],
      ['due_date', -1],
      ['id', 1],
    ]);
    await expect(find({ client_no: 1001, $sort: { outstanding: 2 } })).rejects.toMatchObject({ code: 400 });
  });

  it('refuses a find without a client or with an unknown bucket', async () => {
    const find = (query: Record<string, unknown>) => service.methods.find!.run(context, { id: null, data: null, query });
    await expect(find({})).rejects.toMatchObject({ code: 400 });
    await expect(find({ client_no: 1001, bucket: 'd120' })).rejects.toMatchObject({ code: 400 });
  });
});
