import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, sealEvents, type EventStore } from '@portal/event-store';
import { BatchChanges, FencedOut, SqliteReadStore, WriterLease, type Fence, type FeedBatch } from '@portal/read-store';
import { COMPANIES } from '@portal/read-models';
import { ALL_PROJECTIONS } from '../projections';
import type { Projection } from './projection';
import { Projector } from './projector';
import { replayInto } from './replay';

const meta = (clientNo: number, n: number) => ({
  userId: 'u1',
  clientNo,
  time: `2026-01-01T00:00:${String(n).padStart(2, '0')}.000Z`,
  commandId: `c${clientNo}-${n}`,
  correlationId: 'x',
});

async function seedCompanies(events: EventStore, count: number, first = 2000): Promise<void> {
  for (let i = 0; i < count; i++) {
    const no = first + i;
    await events.append(
      `company-${no}`,
      sealEvents(`company-${no}`, null, [
        { type: 'CompanyRegistered', data: { company_no: no, company_name: `Firma ${no}`, company_place: 'Wien' }, metadata: meta(no, 0) },
        { type: 'CompanyRenamed', data: { company_name: `Firma ${no} GmbH`, company_place: 'Graz' }, metadata: meta(no, 1) },
      ]),
      'no_stream',
    );
  }
}

/** The store with some of its methods replaced. */
function delegating(events: EventStore, overrides: Partial<EventStore>): EventStore {
  return {
    append: (stream, batch, expected) => events.append(stream, batch, expected),
    readStream: (stream, from) => events.readStream(stream, from),
    readAll: (after, max) => events.readAll(after, max),
    subscribeToAll: (options) => events.subscribeToAll(options),
    headPosition: () => events.headPosition(),
    close: () => events.close(),
    ...overrides,
  };
}

async function heldLease(store: SqliteReadStore): Promise<Fence> {
  return (await store.leases.tryAcquire({ name: 'projector', holder: 'spec', host: 'spec-host', pid: process.pid }, 60_000))!;
}

const waitUntil = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not reached');
};

describe('projector', () => {
  it('projects the log into read models and writes each committed batch to the change feed with its position', async () => {
    const events = new SqliteEventStore(':memory:');
    const reads = new SqliteReadStore(':memory:');
    await seedCompanies(events, 3);
    const lease = await heldLease(reads);
    const projector = new Projector(events, reads, ALL_PROJECTIONS, { live: { fence: () => lease, onFenced: () => undefined } });
    await projector.start();
    await waitUntil(async () => (await reads.get(COMPANIES, 2002))?.company_name === 'Firma 2002 GmbH');
    expect(await reads.get(COMPANIES, 2000)).toMatchObject({ company_place: 'Graz', revision: 1 });
    await waitUntil(async () => (await reads.feed.head()) === (await events.headPosition()));
    const batches = await reads.feed.read(null, 100);
    const created = batches.flatMap((b) => b.changes).filter((c) => c.collection === COMPANIES && c.event === 'created');
    expect(created.map((c) => c.id).sort()).toEqual([2000, 2001, 2002]);
    // The feed names records; the reader loads them: no whole record is stored with a change.
    expect(created[0]!.doc).toMatchObject({ company_name: expect.stringMatching(/^Firma 200\d GmbH$/) });
    await projector.stop();
    await events.close();
  });

  it('summarises the changes of a live batch once, for its feed entry and its listeners alike', async () => {
    const events = new SqliteEventStore(':memory:');
    const reads = new SqliteReadStore(':memory:');
    await seedCompanies(events, 3);
    const lease = await heldLease(reads);
    const summarised = jest.spyOn(BatchChanges.prototype, 'changes');
    const heard: FeedBatch[] = [];
    const projector = new Projector(events, reads, ALL_PROJECTIONS, {
      live: { fence: () => lease, onFenced: () => undefined },
      onBatch: (batch) => void heard.push(batch),
    });
    try {
      await projector.start();
      await waitUntil(async () => (await reads.feed.head()) === (await events.headPosition()));
      const live = heard.filter((b) => b.changes.length > 0);
      expect(live.length).toBeGreaterThan(0);
      expect(summarised).toHaveBeenCalledTimes(heard.length);
      const written = await reads.feed.read(null, 100);
      for (const batch of live) expect(written.find((w) => w.position === batch.position)!.changes.map(({ doc: _doc, ...c }) => c)).toEqual(batch.changes);
    } finally {
      summarised.mockRestore();
      await projector.stop();
      await events.close();
    }
  });

  it('keeps the record as it was, in its small form, with a removal and with a patch that changed it', async () => {
    const events = new SqliteEventStore(':memory:');
    const reads = new SqliteReadStore(':memory:');
    await seedCompanies(events, 1);
    const byType: Projection = {
      name: 'by-type',
      version: 1,
      collections: [{ name: 'by-type', indexes: [] }],
      handles: ['CompanyRegistered', 'CompanyRenamed', 'CompanyDeleted'],
      async project(event) {
        if (event.type === 'CompanyDeleted') return [{ op: 'remove', collection: 'by-type', id: 'c' }];
        return [{ op: 'put', collection: 'by-type', doc: { id: 'c', client_no: event.type === 'CompanyRegistered' ? 1 : 2, text: 'x'.repeat(5000) } }];
      },
    };
    const lease = await heldLease(reads);
    const projector = new Projector(events, reads, [byType], { live: { fence: () => lease, onFenced: () => undefined }, batchSize: 1 });
    await projector.start();
    await events.append(
      'company-2000',
      sealEvents('company-2000', (await events.readStream('company-2000'))[1]!.metadata.hash, [{ type: 'CompanyDeleted', data: {}, metadata: meta(2000, 2) }]),
      1,
    );
    await waitUntil(async () => (await reads.feed.head()) === (await events.headPosition()));
    const changes = (await reads.feed.read(null, 10)).flatMap((b) => b.changes).map(({ doc: _doc, ...change }) => change);
    expect(changes).toEqual([
      { collection: 'by-type', id: 'c', event: 'created' },
      { collection: 'by-type', id: 'c', event: 'patched', before: { id: 'c', client_no: 1 } },
      { collection: 'by-type', id: 'c', event: 'removed', before: { id: 'c', client_no: 2 } },
    ]);
    await projector.stop();
  });

  it('writes no change and no checkpoint of a batch that fails, and resumes from the checkpoint', async () => {
    const events = new SqliteEventStore(':memory:');
    const reads = new SqliteReadStore(':memory:');
    await seedCompanies(events, 2);
    let failOnce = true;
    const flaky: Projection = {
      name: 'flaky',
      version: 1,
      collections: [{ name: 'flaky', indexes: [] }],
      handles: ['CompanyRenamed'],
      async project(event) {
        if (failOnce && event.streamId === 'company-2001') {
          failOnce = false;
          throw new Error('disk full');
        }
        return [{ op: 'put', collection: 'flaky', doc: { id: event.streamId } }];
      },
    };
    const errors: unknown[] = [];
    const projector = new Projector(events, reads, [...ALL_PROJECTIONS, flaky], { onError: (e) => errors.push(e), batchSize: 100 });
    await projector.start();
    await waitUntil(async () => (await reads.find('flaky', { where: {}, sort: [], skip: 0, limit: 10 })).total === 2);
    expect(errors).toHaveLength(1);
    expect((await reads.find(COMPANIES, { where: {}, sort: [], skip: 0, limit: 10 })).total).toBe(2);
    expect(await reads.getCheckpoint('flaky@v1')).toBe(await events.headPosition());
    await projector.stop();
  });

  it('rebuilds identical read models on replay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'projector-spec-'));
    const events = new SqliteEventStore(join(dir, 'events.sqlite'));
    const live = new SqliteReadStore(join(dir, 'live.sqlite'));
    await seedCompanies(events, 25);
    const projector = new Projector(events, live, ALL_PROJECTIONS, { batchSize: 7 });
    await projector.start();
    await waitUntil(async () => projector.currentPosition === (await events.headPosition()));
    await projector.stop();
    const first = new SqliteReadStore(join(dir, 'r1.sqlite'));
    const second = new SqliteReadStore(join(dir, 'r2.sqlite'));
    const report = await replayInto(events, first, ALL_PROJECTIONS, { batchSize: 1000 });
    await replayInto(events, second, ALL_PROJECTIONS, { batchSize: 3 });
    expect(report.events).toBe(50);
    for (const collection of ALL_PROJECTIONS.flatMap((p) => p.collections.map((c) => c.name))) {
      const expected = await live.checksum(collection);
      expect(await first.checksum(collection)).toBe(expected);
      expect(await second.checksum(collection)).toBe(expected);
    }
    await Promise.all([live.close(), first.close(), second.close()]);
    await events.close();
  });

  it('empties a collection holding records without a checkpoint page by page, never in one transaction, before projecting', async () => {
    const events = new SqliteEventStore(':memory:');
    const reads = new SqliteReadStore(':memory:');
    await seedCompanies(events, 2);
    await reads.ensureCollections(ALL_PROJECTIONS.flatMap((p) => p.collections));
    await reads.transaction(async (tx) => {
      for (let i = 0; i < 2500; i++) await tx.put(COMPANIES, { id: 90_000 + i, company_no: 90_000 + i, company_name: `Alt ${i}` } as never);
    });
    const removedPerTransaction: number[] = [];
    const transaction = reads.transaction.bind(reads);
    reads.transaction = (work, options) =>
      transaction(async (tx) => {
        let removed = 0;
        const remove = tx.remove.bind(tx);
        tx.remove = async (collection, id) => {
          removed += 1;
          await remove(collection, id);
        };
        const result = await work(tx);
        if (removed > 0) removedPerTransaction.push(removed);
        return result;
      }, options);
    const projector = new Projector(events, reads, ALL_PROJECTIONS);
    await projector.start();
    await waitUntil(async () => projector.currentPosition === (await events.headPosition()));
    await projector.stop();
    expect(removedPerTransaction).toEqual([1000, 1000, 500]);
    const left = await reads.find(COMPANIES, { where: {}, sort: [['id', 1]], skip: 0, limit: 10 });
    expect(left.data.map((c) => c.company_no)).toEqual([2000, 2001]);
  });

  it('rebuilds a projection whose version changed beside its live collection, which readers keep until the switch', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'projector-rebuild-'));
    const events = new SqliteEventStore(join(dir, 'events.sqlite'));
    const reads = new SqliteReadStore(join(dir, 'reads.sqlite'));
    await seedCompanies(events, 40);
    const v1: Projection = {
      name: 'names',
      version: 1,
      collections: [{ name: 'names', indexes: [] }],
      handles: ['CompanyRegistered'],
      project: async (e) => [{ op: 'put', collection: 'names', doc: { id: e.streamId, v: 1 } }],
    };
    const lease = await heldLease(reads);
    const live = { fence: () => lease, onFenced: () => undefined };
    const first = new Projector(events, reads, [v1, ...ALL_PROJECTIONS], { live });
    await first.start();
    await waitUntil(async () => first.currentPosition === (await events.headPosition()));
    await first.stop();
    // The rebuild pauses before its third page (of 10 events) until released: meanwhile readers see v1 and the
    // other projections go on.
    let release: () => void = () => undefined;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let pages = 0;
    const pausing = delegating(events, {
      readAll: async (after, max) => {
        if (max === 10 && ++pages === 3) await paused;
        return events.readAll(after, max);
      },
    });
    const v2: Projection = { ...v1, version: 2, project: async (e) => [{ op: 'put', collection: 'names', doc: { id: e.streamId, v: 2 } }] };
    const second = new Projector(pausing, reads, [v2, ...ALL_PROJECTIONS], { live, rebuildPageSize: 10 });
    await second.start();
    expect(second.rebuilding).toEqual(['names']);
    await seedCompanies(events, 1, 3000);
    await waitUntil(async () => (await reads.get(COMPANIES, 3000)) !== null);
    await waitUntil(async () => pages === 3);
    const during = await reads.find('names', { where: {}, sort: [], skip: 0, limit: 100 });
    expect(during.total).toBe(40);
    expect(during.data.every((d) => d.v === 1)).toBe(true);
    expect(await reads.transaction((tx) => tx.findWhere('names', {}))).toHaveLength(10);
    release();
    await waitUntil(async () => (await reads.find('names', { where: { v: 2 }, sort: [], skip: 0, limit: 100 })).total === 41);
    expect((await reads.find('names', { where: {}, sort: [], skip: 0, limit: 100 })).total).toBe(41);
    expect(second.rebuilding).toEqual([]);
    expect(await reads.getCheckpoint('names@v2')).toBe(await events.headPosition());
    await seedCompanies(events, 1, 3001);
    await waitUntil(async () => (await reads.get('names', 'company-3001'))?.v === 2);
    await second.stop();
    await reads.close();
    await events.close();
  });

  it('of two projectors on one store only the lease holder writes; one that lost its lease commits nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'projector-fence-'));
    const events = new SqliteEventStore(join(dir, 'events.sqlite'));
    await seedCompanies(events, 30);
    const counter: Projection = {
      name: 'counter',
      version: 1,
      collections: [{ name: 'counter', indexes: [] }],
      handles: ['CompanyRegistered', 'CompanyRenamed'],
      async project(_event, view) {
        const current = ((await view.get('counter', 'events'))?.n as number | undefined) ?? 0;
        return [{ op: 'put', collection: 'counter', doc: { id: 'events', n: current + 1 } }];
      },
    };
    // A pauses before its first batch (a long GC pause, a stalled disk) with a lease of 50 ms: B takes over meanwhile.
    let resumeA: () => void = () => undefined;
    const pausedA = new Promise<void>((resolve) => (resumeA = resolve));
    const pausing = delegating(events, {
      subscribeToAll: (options) =>
        events.subscribeToAll({
          ...options,
          onEvents: async (batch) => {
            await pausedA;
            await options.onEvents(batch);
          },
        }),
    });
    const storeA = new SqliteReadStore(join(dir, 'reads.sqlite'));
    const storeB = new SqliteReadStore(join(dir, 'reads.sqlite'));
    const leaseA = (await storeA.leases.tryAcquire({ name: 'projector', holder: 'A', host: 'host-a', pid: 1 }, 50))!;
    const fenced: unknown[] = [];
    const a = new Projector(pausing, storeA, [counter], { live: { fence: () => leaseA, onFenced: (e) => fenced.push(e) }, batchSize: 5 });
    await a.start();
    await new Promise((r) => setTimeout(r, 80));
    const leaseB = new WriterLease(storeB, { onLost: () => undefined, ttlMs: 60_000 });
    expect((await leaseB.acquire())?.epoch).toBe(2);
    const b = new Projector(events, storeB, [counter], { live: { fence: () => leaseB.fence, onFenced: () => undefined } });
    await b.start();
    await waitUntil(async () => b.currentPosition === (await events.headPosition()));
    resumeA();
    await waitUntil(async () => fenced.length > 0);
    expect(fenced[0]).toBeInstanceOf(FencedOut);
    await a.stop();
    await b.stop();
    await leaseB.release();
    expect((await storeB.get('counter', 'events'))?.n).toBe(60);
    expect(await storeB.getCheckpoint('counter@v1')).toBe(await events.headPosition());
    await Promise.all([storeA.close(), storeB.close()]);
    await events.close();
  });
});
