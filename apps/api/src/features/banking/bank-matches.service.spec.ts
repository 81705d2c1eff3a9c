import type { BankTransaction, MatchSuggestion, OpenItemRecord } from '@portal/contracts';
import { conflict, notFound } from '@portal/domain';
import { BANK_TRANSACTIONS, OPEN_ITEMS } from '@portal/read-models';
import type { CallContext } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { bankMatchesService } from './bank-matches.service';

const context = {
  user: { keycloakId: 'u', permissions_array: ['ban'], klienten_array: [1001], all_clients: false },
  accessToken: '',
} as unknown as CallContext;

const transaction = (over: Partial<BankTransaction> = {}): BankTransaction =>
  ({
    id: 'tx-1',
    client_no: 1001,
    account_id: '1001-AT1',
    status: 'booked',
    booking_date: '2026-03-10',
    amount_cents: 30_000,
    currency: 'EUR',
    direction: 'credit',
    counterparty_name: 'Gasthof Post',
    remittance: 'RE-1 RE-2',
    matched_cents: 30_000,
    match_status: 'matched',
    matches: [
      {
        match_id: 'm-1',
        matched_at: '2026-03-11T00:00:00Z',
        matched_by: 'u',
        allocations: [
          { open_item_id: '11', amount_cents: 10_000, label: 'RE-1' },
          { open_item_id: '12', amount_cents: 20_000, label: 'RE-2' },
        ],
      },
    ],
    ...over,
  }) as BankTransaction;

const item = (id: number, over: Partial<OpenItemRecord> = {}): OpenItemRecord =>
  ({
    id,
    client_no: 1001,
    kind: 'receivable',
    listed: true,
    open: true,
    gross: 200,
    outstanding: 200,
    invoice_number: `RE-${id}`,
    party: 'Gasthof Post',
    title: `Invoice ${id}`,
    payments: [],
    discount_percent: null,
    discount_due_date: null,
    due_date: '2026-03-31',
    ...over,
  }) as unknown as OpenItemRecord;

/** A read store of one transaction and a few items, and a command sender that records what it is sent and can refuse. */
function setup(tx: BankTransaction, refuse: (command: { type: string }, stream: string) => Error | null = () => null) {
  const items = new Map([11, 12, 13].map((id) => [id, item(id)]));
  const store = {
    get: async (collection: string, id: string | number) =>
      collection === BANK_TRANSACTIONS ? tx : collection === OPEN_ITEMS ? (items.get(Number(id)) ?? null) : null,
    find: async (collection: string) => ({ total: 0, limit: 0, skip: 0, data: collection === OPEN_ITEMS ? [...items.values()] : [] }),
  };
  const sent: Array<{ type: string; stream: string }> = [];
  const commands = {
    send: async (_decider: unknown, stream: string, command: { type: string }) => {
      const error = refuse(command, stream);
      if (error) throw error;
      sent.push({ type: command.type, stream });
      return { events: [], position: null };
    },
  } as unknown as CommandSender;
  const service = bankMatchesService(store as never, commands);
  return { service, sent };
}

describe('undoing a bank match', () => {
  it('gives every item its payment back first and only then marks the transaction unmatched', async () => {
    const { service, sent } = setup(transaction());
    await service.methods.remove!.run(context, { id: 'm-1', data: null, query: { transaction_id: 'tx-1' } });
    expect(sent).toEqual([
      { type: 'CancelPayment', stream: 'open-item-11' },
      { type: 'CancelPayment', stream: 'open-item-12' },
      { type: 'UndoMatch', stream: expect.stringContaining('1001-AT1') },
    ]);
  });

  it('fails visibly when a payment cannot be taken back and leaves the match in place; undoing again finishes it', async () => {
    let broken = true;
    const { service, sent } = setup(transaction(), (command, stream) =>
      broken && command.type === 'CancelPayment' && stream === 'open-item-12' ? new Error('event store unavailable') : null,
    );
    await expect(service.methods.remove!.run(context, { id: 'm-1', data: null, query: { transaction_id: 'tx-1' } })).rejects.toThrow('event store unavailable');
    expect(sent.map((c) => c.type)).toEqual(['CancelPayment']);
    broken = false;
    await service.methods.remove!.run(context, { id: 'm-1', data: null, query: { transaction_id: 'tx-1' } });
    expect(sent.map((c) => c.type)).toEqual(['CancelPayment', 'CancelPayment', 'CancelPayment', 'UndoMatch']);
  });

  it('treats a payment that was never recorded on an item as nothing to take back', async () => {
    const { service, sent } = setup(transaction(), (command, stream) =>
      command.type === 'CancelPayment' && stream === 'open-item-11' ? notFound('Payment bank-m-1 does not exist.') : null,
    );
    await service.methods.remove!.run(context, { id: 'm-1', data: null, query: { transaction_id: 'tx-1' } });
    expect(sent.map((c) => c.type)).toEqual(['CancelPayment', 'UndoMatch']);
  });
});

describe('confirming a split match', () => {
  const unmatched = transaction({ matches: [], matched_cents: 0, match_status: 'unmatched' });
  const split = {
    transaction_id: 'tx-1',
    allocations: [
      { open_item_id: '11', amount_cents: 10_000 },
      { open_item_id: '12', amount_cents: 20_000 },
    ],
  };

  it('takes the whole match back when an item refuses its payment', async () => {
    const { service, sent } = setup(unmatched, (command, stream) =>
      command.type === 'RecordPayment' && stream === 'open-item-12' ? conflict('The item is already paid.') : null,
    );
    await expect(service.methods.create!.run({ ...context, commandId: 'c1' }, { id: null, data: split, query: {} })).rejects.toThrow(
      'The item is already paid.',
    );
    expect(sent.map((c) => `${c.type} ${c.stream}`)).toEqual([
      expect.stringMatching(/^ConfirmMatch /),
      'RecordPayment open-item-11',
      'CancelPayment open-item-11',
      expect.stringMatching(/^UndoMatch /),
    ]);
  });

  it('says so when the payments already made cannot be taken back, and keeps the match for undoing', async () => {
    const { service, sent } = setup(unmatched, (command, stream) =>
      command.type === 'RecordPayment' && stream === 'open-item-12'
        ? conflict('The item is already paid.')
        : command.type === 'CancelPayment'
          ? new Error('event store unavailable')
          : null,
    );
    await expect(service.methods.create!.run({ ...context, commandId: 'c2' }, { id: null, data: split, query: {} })).rejects.toMatchObject({
      name: 'Conflict',
      message: expect.stringContaining('undo the match to finish'),
    });
    expect(sent.map((c) => c.type)).toEqual(['ConfirmMatch', 'RecordPayment']);
  });
});

describe('choosing any open item for a split', () => {
  it('finds open items of the fitting kind by number or party, beyond the suggestions', async () => {
    const { service } = setup(transaction({ matches: [], matched_cents: 0, match_status: 'unmatched', amount_cents: 50_000 }));
    const found = (await service.methods.find!.run(context, { id: null, data: null, query: { client_no: 1001, transaction_id: 'tx-1', search: 're-13' } })) as {
      data: MatchSuggestion[];
    };
    expect(found.data).toEqual([expect.objectContaining({ open_item_id: '13', open_cents: 20_000, amount_cents: 20_000, confidence: 0, reasons: [] })]);
    await expect(service.methods.find!.run(context, { id: null, data: null, query: { client_no: 1001, search: 're' } })).rejects.toMatchObject({
      name: 'BadRequest',
    });
  });
});
