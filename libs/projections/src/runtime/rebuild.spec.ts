import { SqliteEventStore, sealEvents, type EventStore } from '@portal/event-store';
import { seededRandom } from '@portal/demo-data';
import { SqliteReadStore, type ReadStore } from '@portal/read-store';
import { collection, put } from '@portal/read-models';
import { ALL_PROJECTIONS } from '../projections';
import type { Projection } from './projection';
import { checkpointName } from './projector';
import { replayInto } from './replay';
import { liveAndReplayed } from '../../test/live-and-replayed';

interface Draft {
  stream: string;
  type: string;
  data: Record<string, unknown>;
  clientNo: number | null;
}

/**
 * A log like the portal's everyday one: companies registered with periods, renamed, their settings changed
 * and their current period moved (a query over the company's periods), users registered, switching locale,
 * disabled and enabled again; streams interleaved at random.
 */
async function everydayLog(count: number, seed: number): Promise<EventStore> {
  const events = new SqliteEventStore(':memory:');
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const companies: Array<{ no: number; years: number[] }> = [];
  const users: string[] = [];
  const hashes = new Map<string, string | null>();
  let n = 0;
  const emit = async (draft: Draft) => {
    const previous = hashes.get(draft.stream) ?? null;
    const metadata = {
      userId: 'u1',
      clientNo: draft.clientNo,
      time: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
      commandId: `c${n}`,
      correlationId: `c${n}`,
    };
    const sealed = sealEvents(draft.stream, previous, [{ type: draft.type, data: draft.data, metadata }]);
    await events.append(draft.stream, sealed, hashes.has(draft.stream) ? 'any' : 'no_stream');
    hashes.set(draft.stream, sealed[0]!.metadata.hash);
    n++;
  };
  while (n < count) {
    const r = rnd();
    if (companies.length < 5 || r < 0.1) {
      const no = 3000 + companies.length;
      companies.push({ no, years: [2023, 2024] });
      await emit({
        stream: `company-${no}`,
        type: 'CompanyRegistered',
        data: { company_no: no, company_name: `Firma ${no}`, company_place: pick(['Wien', 'Graz']) },
        clientNo: no,
      });
      for (const y of [2023, 2024])
        await emit({ stream: `company-${no}`, type: 'AccountingPeriodOpened', data: { accounting: y, start: `${y}-01-01`, end: `${y}-12-31` }, clientNo: no });
    } else if (r < 0.15 || users.length === 0) {
      const id = `user-${users.length}`;
      users.push(id);
      const klienten = [pick(companies).no];
      await emit({
        stream: `user-${id}`,
        type: 'UserRegistered',
        data: {
          username: `u${users.length}`,
          firstName: 'A',
          lastName: 'B',
          email: `u${users.length}@example.com`,
          locale: 'de',
          permissions: ['doc', 'rep'],
          klienten,
          all_clients: false,
          userId: id,
          passwordHash: 'x',
        },
        clientNo: null,
      });
    } else if (r < 0.25) {
      const id = pick(users);
      await emit({
        stream: `user-${id}`,
        type: pick(['UserLocaleChanged', 'UserDisabled', 'UserEnabled']),
        data: { locale: pick(['de', 'en']), reason: 'by admin' },
        clientNo: null,
      });
    } else {
      const c = pick(companies);
      const stream = `company-${c.no}`;
      if (r < 0.5)
        await emit({ stream, type: 'CompanyRenamed', data: { company_name: `Firma ${c.no} ${n}`, company_place: pick(['Linz', 'Wels']) }, clientNo: c.no });
      else if (r < 0.65)
        await emit({
          stream,
          type: 'CompanySettingsChanged',
          data: { changes: rnd() < 0.5 ? { account_system: pick(['DATEV', 'BMD']) } : { document_language: pick(['de', 'en']) } },
          clientNo: c.no,
        });
      else if (r < 0.85) await emit({ stream, type: 'CurrentAccountingPeriodSet', data: { accounting: pick(c.years) }, clientNo: c.no });
      else {
        const y = Math.max(...c.years) + 1;
        c.years.push(y);
        await emit({ stream, type: 'AccountingPeriodOpened', data: { accounting: y, start: `${y}-01-01`, end: `${y}-12-31` }, clientNo: c.no });
      }
    }
  }
  return events;
}

async function checksums(store: ReadStore, projections: readonly Projection[]): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const c of projections.flatMap((p) => p.collections)) sums[c.name] = await store.checksum(c.name);
  return sums;
}

interface Tally {
  id: number;
  renames: number;
  names: string[];
  last: { name: string; at: string } | null;
}
const TALLIES = collection<Tally>('rebuild_spec_tallies');

/** Changes the record it read in place (allowed: a store read is a fresh copy), then puts it. */
const changesWhatItReads: Projection = {
  name: 'rebuild-spec-tallies',
  version: 1,
  collections: [{ name: TALLIES, indexes: [['renames']] }],
  handles: ['CompanyRegistered', 'CompanyRenamed'],
  async project(event, view) {
    const no = event.metadata.clientNo!;
    const tally = (await view.get(TALLIES, no)) ?? { id: no, renames: 0, names: [], last: null };
    const name = String((event.data as { company_name: string }).company_name);
    tally.names.push(name);
    tally.renames += 1;
    tally.last = { name, at: event.metadata.time };
    const peers = await view.findWhere(TALLIES, { renames: tally.renames });
    for (const peer of peers) peer.names.sort();
    return [put(TALLIES, tally)];
  },
};

describe('the rebuild path of a replay', () => {
  it('builds every read model byte for byte as the projector batches and the live projector do, on an everyday log', async () => {
    const events = await everydayLog(3000, 7);
    const projections = [...ALL_PROJECTIONS, changesWhatItReads];
    const rebuilt = new SqliteReadStore(':memory:');
    const report = await replayInto(events, rebuilt, projections, { batchSize: 700 });
    expect(report.path).toBe('rebuild');
    expect(report.events).toBe(3000);
    const batched = new SqliteReadStore(':memory:');
    expect((await replayInto(events, batched, projections, { batchSize: 700, rebuild: false })).path).toBe('projector');
    const { live } = await liveAndReplayed(events, projections);
    const sums = await checksums(rebuilt, projections);
    expect(sums).toEqual(await checksums(batched, projections));
    expect(sums).toEqual(await checksums(live, projections));
    // Not a comparison of empty stores: the everyday collections hold records.
    for (const name of ['companies', 'company_settings', 'acc_periods', 'users', TALLIES])
      expect((await rebuilt.find(name, { where: {}, sort: [], skip: 0, limit: 0 })).total).toBeGreaterThan(0);
    for (const p of projections) expect(await rebuilt.getCheckpoint(checkpointName(p))).toBe(await events.headPosition());
    // Reads stay shared where nothing changes them; the projection that changes them reads copies.
    const costs = new Map(report.projections!.map((c) => [c.name, c]));
    expect(costs.get(changesWhatItReads.name)!.copies).toBe(true);
    expect(costs.get('companies')!.copies).toBe(false);
    expect(costs.get('companies')!.events).toBeGreaterThan(1000);
  });

  it('stops where asked, with the checkpoints there', async () => {
    const events = await everydayLog(400, 3);
    const rebuilt = new SqliteReadStore(':memory:');
    const batched = new SqliteReadStore(':memory:');
    await replayInto(events, rebuilt, ALL_PROJECTIONS, { until: 250, batchSize: 100 });
    await replayInto(events, batched, ALL_PROJECTIONS, { until: 250, batchSize: 100, rebuild: false });
    expect(await checksums(rebuilt, ALL_PROJECTIONS)).toEqual(await checksums(batched, ALL_PROJECTIONS));
    expect(await rebuilt.getCheckpoint(checkpointName(ALL_PROJECTIONS[0]!))).toBe(250);
  });

  it('gives way to the projector when its records outgrow the heap allowed, having written nothing, with the same read models', async () => {
    const events = await everydayLog(600, 11);
    const fromScratch = new SqliteReadStore(':memory:');
    await replayInto(events, fromScratch, ALL_PROJECTIONS, { batchSize: 100 });
    const store = new SqliteReadStore(':memory:');
    // Any heap is more than one byte: the rebuild stops after its first page.
    const report = await replayInto(events, store, ALL_PROJECTIONS, { batchSize: 100, rebuildMaxHeapBytes: 1 });
    expect(report.path).toBe('projector');
    expect(report.rebuildAbandoned).toMatchObject({ abandonedAfter: 100 });
    expect(report.rebuildAbandoned!.heapBytes).toBeGreaterThan(1);
    expect(report.events).toBe(600);
    expect(await checksums(store, ALL_PROJECTIONS)).toEqual(await checksums(fromScratch, ALL_PROJECTIONS));
  });

  it('goes through the projector where the read models are not new, catching up from their checkpoints', async () => {
    const events = await everydayLog(300, 5);
    const store = new SqliteReadStore(':memory:');
    await replayInto(events, store, ALL_PROJECTIONS, { until: 120 });
    const again = await replayInto(events, store, ALL_PROJECTIONS);
    expect(again.path).toBe('projector');
    const fresh = new SqliteReadStore(':memory:');
    await replayInto(events, fresh, ALL_PROJECTIONS);
    expect(await checksums(store, ALL_PROJECTIONS)).toEqual(await checksums(fresh, ALL_PROJECTIONS));
  });

  it('a fresh load refuses a collection that holds records and writes nothing', async () => {
    const store = new SqliteReadStore(':memory:');
    await store.ensureCollections([
      { name: 'a', indexes: [['x']] },
      { name: 'b', indexes: [] },
    ]);
    await store.transaction((tx) => tx.put('b', { id: 1 }));
    await expect(
      store.loadFresh(
        [
          { name: 'a', records: [['1', '{"id":1,"x":2}']] },
          { name: 'b', records: [['2', '{"id":2}']] },
        ],
        new Map([['p@v1', 9]]),
      ),
    ).rejects.toThrow(/not empty/);
    expect(await store.get('a', 1)).toBeNull();
    expect(await store.getCheckpoint('p@v1')).toBeNull();
    await store.loadFresh([{ name: 'a', records: [['1', '{"id":1,"x":2}']] }], new Map([['p@v1', 9]]));
    expect(await store.find('a', { where: { x: 2 }, sort: [['x', 1]], skip: 0, limit: 10 })).toMatchObject({ total: 1, data: [{ id: 1, x: 2 }] });
    expect(await store.getCheckpoint('p@v1')).toBe(9);
  });
});
