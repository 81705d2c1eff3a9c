import { sealEvents, SqliteEventStore } from '@portal/event-store';
import { SqliteReadStore } from '@portal/read-store';
import { OPEN_ITEM_DUE_TOTALS, OPEN_ITEMS, type StoredOpenItem } from '@portal/read-models';
import { replayInto } from '../runtime/replay';
import { openItemsProjection } from './open-items.projection';

let second = 0;
const meta = () => ({
  userId: 'accountant',
  clientNo: 1001,
  time: `2026-04-02T10:${String(Math.floor(++second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}.000Z`,
  commandId: `c${second}`,
  correlationId: 'x',
});

type Given = { type: string; data: Record<string, unknown> };
const booked = (id: number, category: 'ER' | 'AR', gross: number, due: string): Given[] => [
  {
    type: 'DocumentUploaded',
    data: {
      documentId: id,
      clientNo: 1001,
      fileName: `${id}.pdf`,
      mediaType: 'application/pdf',
      size: 1,
      sha256: String(id).padStart(64, '0'),
      category: `${category}_U`,
      title: `Rechnung ${id}`,
    },
  },
  {
    type: 'DocumentFieldsEdited',
    data: {
      changes: {
        invoice_number: { old: null, new: `R-${id}` },
        gross_amount: { old: null, new: gross },
        due_date: { old: null, new: due },
        invoice_date: { old: null, new: '2026-01-15' },
      },
      correction: false,
    },
  },
  { type: 'DocumentConfirmed', data: { category } },
  { type: 'DocumentBooked', data: {} },
];
const payment = (id: number, paymentId: string, amount: number): Given => ({
  type: 'PaymentRecorded',
  data: { paymentId, documentId: id, clientNo: 1001, amount, discount: 0, date: '2026-02-09', note: '', source: { kind: 'manual', reference: null } },
});

/** Appends the streams in the order given and replays them into a fresh read store. */
async function replay(streams: Array<[string, Given[]]>) {
  second = 0;
  const events = new SqliteEventStore(':memory:');
  const revisions = new Map<string, number>();
  for (const [stream, given] of streams) {
    const revision = revisions.get(stream);
    await events.append(
      stream,
      sealEvents(
        stream,
        null,
        given.map((e) => ({ ...e, metadata: meta() })),
      ),
      revision === undefined ? 'no_stream' : revision,
    );
    revisions.set(stream, (revision ?? -1) + given.length);
  }
  const reads = new SqliteReadStore(':memory:');
  await replayInto(events, reads, [openItemsProjection]);
  const totals = (await reads.find(OPEN_ITEM_DUE_TOTALS, { where: {}, sort: [['id', 1]], skip: 0, limit: 1000 })).data;
  const items = (await reads.find(OPEN_ITEMS, { where: { listed: true, open: true }, sort: [], skip: 0, limit: 1000 })).data;
  await reads.close();
  await events.close();
  return { totals, items };
}

/** The totals a fold over every open item gives, keyed as the projection keys them. */
function foldOf(items: readonly StoredOpenItem[]): Map<string, { count: number; amount: number }> {
  const fold = new Map<string, { count: number; amount: number }>();
  for (const i of items) {
    const key = `${String(i.client_no)}|${String(i.kind)}|${i.payroll === true ? 1 : 0}|${String(i.due_date ?? '')}`;
    const t = fold.get(key) ?? { count: 0, amount: 0 };
    fold.set(key, { count: t.count + 1, amount: Math.round((t.amount + (i.outstanding as number)) * 100) / 100 });
  }
  return fold;
}

describe('open item totals by due date', () => {
  it('sums the open items of a client per kind and due date', async () => {
    const { totals } = await replay([
      ['document-1', booked(1, 'ER', 100.1, '2026-03-01')],
      ['document-2', booked(2, 'ER', 200.2, '2026-03-01')],
      ['document-3', booked(3, 'AR', 50, '2026-03-01')],
      ['document-4', booked(4, 'ER', 70, '2026-04-01')],
    ]);
    expect(totals).toEqual([
      { id: '1001|payable|0|2026-03-01', client_no: 1001, kind: 'payable', payroll: false, due_date: '2026-03-01', count: 2, amount: 300.3 },
      { id: '1001|payable|0|2026-04-01', client_no: 1001, kind: 'payable', payroll: false, due_date: '2026-04-01', count: 1, amount: 70 },
      { id: '1001|receivable|0|2026-03-01', client_no: 1001, kind: 'receivable', payroll: false, due_date: '2026-03-01', count: 1, amount: 50 },
    ]);
  });

  it('follows partial payments and drops a due date whose last item is paid', async () => {
    const { totals, items } = await replay([
      ['document-1', booked(1, 'ER', 100, '2026-03-01')],
      ['document-2', booked(2, 'ER', 300, '2026-04-01')],
      ['open-item-1', [payment(1, 'p1', 100)]],
      ['open-item-2', [payment(2, 'p2', 120.55)]],
    ]);
    expect(totals).toEqual([
      { id: '1001|payable|0|2026-04-01', client_no: 1001, kind: 'payable', payroll: false, due_date: '2026-04-01', count: 1, amount: 179.45 },
    ]);
    expect(new Map(totals.map((t) => [t.id, { count: t.count, amount: t.amount }]))).toEqual(foldOf(items));
  });

  it('moves an item to its new due date when the date is corrected after booking', async () => {
    const corrected: Given = { type: 'DocumentFieldsEdited', data: { changes: { due_date: { old: '2026-03-01', new: '2026-05-01' } }, correction: true } };
    const { totals, items } = await replay([
      ['document-1', booked(1, 'ER', 100, '2026-03-01')],
      ['document-2', booked(2, 'ER', 40, '2026-03-01')],
      ['document-1', [corrected]],
    ]);
    expect(totals.map((t) => [t.due_date, t.count, t.amount])).toEqual([
      ['2026-03-01', 1, 40],
      ['2026-05-01', 1, 100],
    ]);
    expect(new Map(totals.map((t) => [t.id, { count: t.count, amount: t.amount }]))).toEqual(foldOf(items));
  });
});
