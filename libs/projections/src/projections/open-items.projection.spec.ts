import { sealEvents, SqliteEventStore } from '@portal/event-store';
import { SqliteReadStore } from '@portal/read-store';
import { OPEN_ITEMS } from '@portal/read-models';
import { replayInto } from '../runtime/replay';
import { openItemsProjection } from './open-items.projection';

let second = 0;
const meta = () => ({
  userId: 'accountant',
  clientNo: 1001,
  time: `2026-04-02T10:00:${String(++second).padStart(2, '0')}.000Z`,
  commandId: `c${second}`,
  correlationId: 'x',
});
const booked = (category: 'ER' | 'AR', gross: number) => [
  {
    type: 'DocumentUploaded',
    data: {
      documentId: 5,
      clientNo: 1001,
      fileName: 'a.pdf',
      mediaType: 'application/pdf',
      size: 1,
      sha256: 'a'.repeat(64),
      category: `${category}_U`,
      title: 'Rechnung 17',
    },
  },
  {
    type: 'DocumentFieldsEdited',
    data: {
      changes: {
        invoice_number: { old: null, new: 'R-17' },
        biller: { old: null, new: 'Lieferant GmbH' },
        recipient: { old: null, new: 'Kunde AG' },
        gross_amount: { old: null, new: gross },
        due_date: { old: null, new: '2026-03-01' },
        invoice_date: { old: null, new: '2026-02-01' },
        discount_percent: { old: null, new: 3 },
        discount_due_date: { old: null, new: '2026-02-10' },
      },
      correction: false,
    },
  },
  { type: 'DocumentConfirmed', data: { category } },
  { type: 'DocumentBooked', data: {} },
];

async function project(document: Array<{ type: string; data: Record<string, unknown> }>, item: Array<{ type: string; data: Record<string, unknown> }> = []) {
  second = 0;
  const events = new SqliteEventStore(':memory:');
  await events.append(
    'document-5',
    sealEvents(
      'document-5',
      null,
      document.map((e) => ({ ...e, metadata: meta() })),
    ),
    'no_stream',
  );
  if (item.length)
    await events.append(
      'open-item-5',
      sealEvents(
        'open-item-5',
        null,
        item.map((e) => ({ ...e, metadata: meta() })),
      ),
      'no_stream',
    );
  const reads = new SqliteReadStore(':memory:');
  await replayInto(events, reads, [openItemsProjection]);
  const doc = await reads.get(OPEN_ITEMS, 5);
  await reads.close();
  return doc;
}

const payment = (paymentId: string, amount: number, discount = 0) => ({
  type: 'PaymentRecorded',
  data: { paymentId, documentId: 5, clientNo: 1001, amount, discount, date: '2026-02-09', note: '', source: { kind: 'manual', reference: null } },
});

describe('open items projection', () => {
  it('lists a booked incoming invoice as an open payable with its terms', async () => {
    expect(await project(booked('ER', 1000))).toMatchObject({
      listed: true,
      open: true,
      kind: 'payable',
      party: 'Lieferant GmbH',
      invoice_number: 'R-17',
      gross: 1000,
      outstanding: 1000,
      due_date: '2026-03-01',
      discount_percent: 3,
      status: 'open',
    });
  });

  it('lists a booked outgoing invoice as a receivable of its customer', async () => {
    expect(await project(booked('AR', 500))).toMatchObject({ kind: 'receivable', party: 'Kunde AG', listed: true });
  });

  it('does not list an invoice that is only confirmed', async () => {
    expect(await project(booked('ER', 1000).slice(0, 3))).toMatchObject({ listed: false, open: false });
  });

  it('reduces the outstanding amount by partial payments and settles with Skonto', async () => {
    expect(await project(booked('ER', 1000), [payment('p1', 400)])).toMatchObject({ paid: 400, outstanding: 600, open: true });
    expect(await project(booked('ER', 1000), [payment('p1', 970, 30)])).toMatchObject({
      paid: 970,
      discount: 30,
      outstanding: 0,
      open: false,
      status: 'paid',
      settled_at: expect.any(String),
    });
  });

  it('shows an overpayment as a credit balance and reopens a cancelled payment', async () => {
    expect(await project(booked('ER', 1000), [payment('p1', 1100)])).toMatchObject({ outstanding: -100, status: 'overpaid', open: false });
    expect(await project(booked('ER', 1000), [payment('p1', 1000), { type: 'PaymentCancelled', data: { paymentId: 'p1', reason: 'wrong' } }])).toMatchObject({
      outstanding: 1000,
      open: true,
      settled_at: null,
    });
  });

  it('keeps a credit note open until it is settled towards zero', async () => {
    expect(await project(booked('AR', -200))).toMatchObject({ outstanding: -200, open: true, status: 'open' });
    expect(await project(booked('AR', -200), [payment('p1', 200)])).toMatchObject({ outstanding: 0, status: 'paid' });
  });

  it('records dunning levels and blocks, and drops an item moved to the trash', async () => {
    expect(
      await project(booked('AR', 500), [
        { type: 'DunningRecorded', data: { level: 1, date: '2026-03-20' } },
        { type: 'PaymentBlockChanged', data: { blocked: true, reason: 'dispute' } },
      ]),
    ).toMatchObject({
      dunning_level: 1,
      last_dunning_date: '2026-03-20',
      blocked: true,
      block_reason: 'dispute',
    });
    expect(await project([...booked('ER', 1000), { type: 'DocumentMovedToTrash', data: { purgeAfter: '2026-05-01' } }])).toMatchObject({ listed: false });
  });
});
