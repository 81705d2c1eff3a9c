import { computeReport, emptyLedger, foldLedger, storeLedger, type ClientLedger } from '@portal/domain';
import { sealEvents, SqliteEventStore, type RecordedEvent } from '@portal/event-store';
import { seededRandom } from '@portal/demo-data';
import { SqliteReadStore } from '@portal/read-store';
import { reportLedgerProjection } from '../projections/report-ledger.projection';
import { replayInto } from '../runtime/replay';
import { ledgerAsOf, liveLedger } from './ledger-as-of';

const CLIENTS = [1001, 1004];
const PERIOD = { from: '2026-01-01', to: '2026-12-31' };

/** A random but reproducible history: uploads, edits, confirmations, bookings, trash, exports of two clients. */
async function history(count: number) {
  const random = seededRandom(7);
  const events = new SqliteEventStore(':memory:');
  const revisions = new Map<string, number>();
  let next = 1;
  let clock = Date.parse('2026-01-01T08:00:00Z');
  const docs: Array<{ id: number; client: number; state: number }> = [];
  const append = async (streamId: string, client: number, type: string, data: Record<string, unknown>) => {
    clock += Math.floor(random() * 3_600_000 * 6);
    const rev = revisions.get(streamId) ?? -1;
    const metadata = {
      userId: random() < 0.5 ? 'anna' : 'lukas',
      clientNo: client,
      time: new Date(clock).toISOString(),
      commandId: `c${clock}`,
      correlationId: 'x',
    };
    await events.append(streamId, sealEvents(streamId, null, [{ type, data, metadata }]), rev === -1 ? 'no_stream' : rev);
    revisions.set(streamId, rev + 1);
  };
  for (let i = 0; i < count; i++) {
    const r = random();
    const open = docs.filter((d) => d.state < 4);
    if (r < 0.3 || open.length === 0) {
      const client = CLIENTS[Math.floor(random() * 2)]!;
      const id = next++;
      docs.push({ id, client, state: 0 });
      await append(`document-${id}`, client, 'DocumentUploaded', {
        documentId: id,
        clientNo: client,
        fileName: 'x.pdf',
        mediaType: 'application/pdf',
        size: 1,
        sha256: 'a'.repeat(64),
        category: random() < 0.5 ? 'ER_U' : 'AR_U',
        title: `Doc ${id}`,
      });
      continue;
    }
    const d = open[Math.floor(random() * open.length)]!;
    const stream = `document-${d.id}`;
    if (d.state === 0) {
      const net = Math.round(random() * 100_000) / 100;
      const rate = [20, 10, 19, 7][Math.floor(random() * 4)]!;
      const tax = Math.round(net * rate) / 100;
      await append(stream, d.client, 'DocumentFieldsEdited', {
        changes: {
          net_amount: { old: null, new: net },
          tax_amount: { old: null, new: tax },
          gross_amount: { old: null, new: Math.round((net + tax) * 100) / 100 },
          tax_rate: { old: null, new: rate },
          invoice_date: { old: null, new: new Date(clock).toISOString().slice(0, 10) },
          biller: { old: null, new: `Supplier ${d.id % 5}` },
          recipient: { old: null, new: `Customer ${d.id % 4}` },
        },
        correction: false,
      });
    } else if (d.state === 1) await append(stream, d.client, 'DocumentConfirmed', { category: random() < 0.5 ? 'ER' : 'AR' });
    else if (d.state === 2)
      await append(stream, d.client, random() < 0.1 ? 'DocumentMovedToTrash' : 'DocumentBooked', random() < 0.1 ? { purgeAfter: '2027-01-01' } : {});
    else {
      const id = `00000000-0000-4000-8000-${String(d.id).padStart(12, '0')}`;
      await append(`export-${id}`, d.client, 'ExportRequested', {
        exportId: id,
        client_no: d.client,
        accounting: 2026,
        format: 'DATEV',
        documentIds: [d.id],
        requestedBy: 'anna',
      });
      await append(`export-${id}`, d.client, 'ExportCompleted', {
        fileSha256: 'b'.repeat(64),
        fileName: 'e.zip',
        count: 1,
        documentResults: [{ documentId: d.id, status: random() < 0.8 ? 'imported' : 'error', reason: 'x' }],
      });
    }
    d.state++;
  }
  return events;
}

const foldFirst = (all: RecordedEvent[], client: number, position: number): ClientLedger => {
  const ledger = emptyLedger(client);
  for (const e of all) if (e.position <= position && e.metadata.clientNo === client) foldLedger(ledger, e);
  return ledger;
};
const comparable = (ledger: ClientLedger) => {
  const { documents, exports } = storeLedger(ledger);
  return { documents: [...documents].sort((a, b) => Number(a.id) - Number(b.id)), exports: [...exports].sort((a, b) => a.id.localeCompare(b.id)) };
};

describe('reports as of any moment', () => {
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let all: RecordedEvent[];

  beforeAll(async () => {
    events = await history(600);
    reads = new SqliteReadStore(':memory:');
    // Snapshots every 25 events of a client, so the 600 events give many snapshots and tails.
    await replayInto(events, reads, [reportLedgerProjection(25)]);
    all = await events.readAll(null, 100_000);
  });
  afterAll(async () => {
    await reads.close();
    await events.close();
  });

  it('keeps snapshots of each client as its events come in', async () => {
    for (const client of CLIENTS)
      expect((await reads.find('report_snapshots', { where: { client_no: client }, sort: [], skip: 0, limit: 0 })).total).toBeGreaterThan(5);
  });

  it('as of position N equals a fresh fold of the first N events, for every N', async () => {
    const head = all[all.length - 1]!.position;
    for (const client of CLIENTS) {
      for (let n = 0; n <= head; n += 7)
        expect(comparable(await ledgerAsOf(events, reads, client, { position: n }))).toEqual(comparable(foldFirst(all, client, n)));
    }
  });

  it('as of a date-time equals the fold of the events up to that time', async () => {
    for (const e of all.filter((_, i) => i % 37 === 0)) {
      const client = e.metadata.clientNo!;
      expect(comparable(await ledgerAsOf(events, reads, client, { time: e.metadata.time }))).toEqual(comparable(foldFirst(all, client, e.position)));
    }
  });

  it('live equals a replay to the head, for every report', async () => {
    for (const client of CLIENTS) {
      const live = await liveLedger(reads, client);
      const replayed = foldFirst(all, client, Number.MAX_SAFE_INTEGER);
      expect(comparable(live)).toEqual(comparable(replayed));
      for (const kind of ['vat', 'parties', 'processing', 'exports'] as const) {
        expect(computeReport(kind, live, { period: PERIOD, country: 'AT', timeZone: 'UTC' })).toEqual(
          computeReport(kind, replayed, { period: PERIOD, country: 'AT', timeZone: 'UTC' }),
        );
      }
    }
  });

  it('answers an empty ledger for a client without events', async () => {
    expect((await ledgerAsOf(events, reads, 4242, { position: 100 })).documents.size).toBe(0);
  });
});
