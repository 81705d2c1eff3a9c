import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessBus } from '@portal/bus';
import { SqliteEventStore, sealEvents, type EventStore } from '@portal/event-store';
import { SqliteReadStore } from '@portal/read-store';
import { COMPANIES } from '@portal/read-models';
import type { ReadModelBatch } from '@portal/messages';
import { ALL_PROJECTIONS } from '../projections';
import type { Projection } from './projection';
import { Projector } from './projector';
import { replayInto } from './replay';

const meta = (clientNo: number, n: number) => ({ userId: 'u1', clientNo, time: `2026-01-01T00:00:${String(n).padStart(2, '0')}.000Z`, commandId: `c${clientNo}-${n}`, correlationId: 'x' });

async function seedCompanies(events: EventStore, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const no = 2000 + i;
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

const waitUntil = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not reached');
};

describe('projector', () => {
  it('projects the log into read models and publishes each committed batch with its position', async () => {
    const events = new SqliteEventStore(':memory:');
    const reads = new SqliteReadStore(':memory:');
    const bus = new InProcessBus();
    const batches: ReadModelBatch[] = [];
    await bus.subscribe<ReadModelBatch>('read-model-changes', 'test', (m) => void batches.push(m.value));
    await seedCompanies(events, 3);
    const projector = new Projector(events, reads, bus, ALL_PROJECTIONS);
    await projector.start();
    await waitUntil(async () => (await reads.get(COMPANIES, 2002))?.company_name === 'Firma 2002 GmbH');
    expect(await reads.get(COMPANIES, 2000)).toMatchObject({ company_place: 'Graz', revision: 1 });
    await waitUntil(async () => batches.length > 0 && batches[batches.length - 1]!.position === (await events.headPosition()));
    expect(batches.flatMap((b) => b.changes).filter((c) => c.collection === COMPANIES && c.event === 'created')).toHaveLength(3);
    await projector.stop();
    await events.close();
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
    const projector = new Projector(events, reads, null, [...ALL_PROJECTIONS, flaky], { onError: (e) => errors.push(e), batchSize: 100 });
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
    const projector = new Projector(events, live, null, ALL_PROJECTIONS, { batchSize: 7 });
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
  });

  it('rebuilds a projection from the start when its version changes', async () => {
    const events = new SqliteEventStore(':memory:');
    const reads = new SqliteReadStore(':memory:');
    await seedCompanies(events, 2);
    const v1: Projection = { name: 'names', version: 1, collections: [{ name: 'names', indexes: [] }], handles: ['CompanyRegistered'], project: async (e) => [{ op: 'put', collection: 'names', doc: { id: e.streamId, v: 1 } }] };
    const first = new Projector(events, reads, null, [v1]);
    await first.start();
    await waitUntil(async () => (await reads.find('names', { where: {}, sort: [], skip: 0, limit: 10 })).total === 2);
    await first.stop();
    const v2: Projection = { ...v1, version: 2, project: async (e) => [{ op: 'put', collection: 'names', doc: { id: e.streamId, v: 2 } }] };
    const second = new Projector(events, reads, null, [v2]);
    await second.start();
    await waitUntil(async () => (await reads.find('names', { where: { v: 2 }, sort: [], skip: 0, limit: 10 })).total === 2);
    expect((await reads.find('names', { where: {}, sort: [], skip: 0, limit: 10 })).total).toBe(2);
    await second.stop();
  });
});
