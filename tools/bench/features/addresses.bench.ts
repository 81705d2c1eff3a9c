import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressFields, User } from '@portal/contracts';
import { addressStreamId, domainEventOf, rpaDatabaseDecider, RPA_DATABASE_STREAM_ID, type RpaEvent } from '@portal/domain';
import { sealEvents, SqliteEventStore, type EventDraft, type RecordedEvent } from '@portal/event-store';
import { prngFor } from '@portal/demo-data';
import { ALL_PROJECTIONS, replayInto } from '@portal/projections';
import { SqliteReadStore } from '@portal/read-store';
import type { CommandSender, ViesPort } from '@portal/api';
import { addressesService, generatedAddressFields } from '@portal/api';
import type { FeatureBenchItem } from '../feature-items';
import type { Figure } from '../items';
import { removeDir } from '../../harness/proc';
import { percentile, sortNumbers } from '../stats';

const ITEM = 42;
/** Every tenth address is in the RPA database. */
const RPA_EVERY = 10;
const addressesProjection = ALL_PROJECTIONS.find((p) => p.name === 'addresses')!;

const admin: User = {
  keycloakId: 'bench-admin',
  username: 'admin',
  permissions_array: ['adm'],
  firstName: 'Bench',
  lastName: 'Admin',
  email: 'admin@example.test',
  locale: 'de',
  klienten_array: [],
  all_clients: true,
  favClient: null,
  enabled: true,
};
const unused = new Proxy({}, { get: () => () => Promise.reject(new Error('the benchmark only reads')) });

/** `count` generated addresses as AddressCreated events (and RPA registrations), replayed into the addresses read model. */
async function build(dir: string, count: number): Promise<{ reads: SqliteReadStore; samples: AddressFields[]; rpa: RecordedEvent[]; buildMs: number }> {
  const t0 = performance.now();
  const events = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'OFF' });
  const prng = prngFor('addresses-bench');
  const meta = (n: number) => ({
    userId: 'bench-admin',
    clientNo: null,
    time: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
    commandId: `bench-${n}`,
    correlationId: `bench-${n}`,
  });
  const samples: AddressFields[] = [];
  const rpaDrafts: EventDraft[] = [];
  const rpaVatIds = new Set<string>();
  for (let i = 0; i < count; i++) {
    const id = 1_000_000 + i;
    const fields = generatedAddressFields(i, prng);
    if (i % 997 === 0) samples.push(fields);
    await events.append(
      addressStreamId(id),
      sealEvents(addressStreamId(id), null, [{ type: 'AddressCreated', data: { addressId: id, fields, accounts: [] }, metadata: meta(i) }]),
      'no_stream',
    );
    // The RPA database holds a VAT ID once (its rule): a VAT ID the generator drew twice is registered without it.
    if (i % RPA_EVERY === 0) {
      const vatId = fields.vat_id && !rpaVatIds.has(fields.vat_id) ? fields.vat_id : null;
      if (vatId) rpaVatIds.add(vatId);
      rpaDrafts.push({ type: 'RpaAddressRegistered', data: { addressId: id, name: fields.name, vatId }, metadata: meta(count + i) });
    }
  }
  await events.append(RPA_DATABASE_STREAM_ID, sealEvents(RPA_DATABASE_STREAM_ID, null, rpaDrafts), 'no_stream');
  const reads = new SqliteReadStore(join(dir, 'read-models.sqlite'));
  await reads.ensureCollections(addressesProjection.collections);
  await replayInto(events, reads, [addressesProjection]);
  const rpa = await events.readStream(RPA_DATABASE_STREAM_ID);
  await events.close();
  return { reads, samples, rpa, buildMs: performance.now() - t0 };
}

/** Latencies (ms) of `calls` runs of `work`, cycling through its inputs. */
async function latencies<T>(inputs: readonly T[], calls: number, work: (input: T) => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    await work(inputs[i % inputs.length]!);
    ms.push(performance.now() - start);
  }
  return sortNumbers(ms);
}

/** `addresses` find with `search` at 100,000 addresses (10,000 of them RPA), and the RPA database's state built from its stream. */
export const addressesBenchItem: FeatureBenchItem = {
  name: 'addresses',
  async run(options): Promise<Figure[]> {
    const count = options.quick ? 10_000 : 100_000;
    const dir = mkdtempSync(join(tmpdir(), 'portal-addresses-bench-'));
    try {
      const { reads, samples, rpa, buildMs } = await build(dir, count);
      options.log(`addresses: ${count} addresses (${rpa.length} RPA) generated and projected in ${(buildMs / 1000).toFixed(1)} s`);
      const service = addressesService(reads, unused as CommandSender, unused as ViesPort);
      const find = service.methods.find!;
      const search = (text: string) => find.run({ user: admin, accessToken: '' }, { id: null, data: null, query: { search: text, $limit: 50 } });
      const queries: Array<[string, string[]]> = [
        ['name word', samples.map((s) => s.name.split(' ')[0]!)],
        ['VAT ID', samples.filter((s) => s.vat_id).map((s) => s.vat_id!)],
        ['place', ['Innsbruck', 'München', 'Wien', 'Graz']],
      ];
      const figures: Figure[] = [];
      const dataset = `${count.toLocaleString('en')} generated addresses (every ${RPA_EVERY}th RPA), SQLite read model, in-process service call, page of 50`;
      for (const [label, inputs] of queries) {
        const p50: number[] = [];
        const p99: number[] = [];
        for (let r = 0; r < Math.max(3, options.runs); r++) {
          const sorted = await latencies(inputs, options.quick ? 100 : 300, search);
          p50.push(percentile(sorted, 50));
          p99.push(percentile(sorted, 99));
        }
        const hits = ((await search(inputs[0]!)) as { total: number }).total;
        figures.push({ item: ITEM, name: `address search (${label}) p50`, unit: 'ms', runs: p50, dataset, note: `e.g. '${inputs[0]}': ${hits} hits` });
        figures.push({ item: ITEM, name: `address search (${label}) p99`, unit: 'ms', runs: p99, dataset });
      }
      const fold: number[] = [];
      for (let r = 0; r < Math.max(3, options.runs); r++) {
        const start = performance.now();
        rpa.reduce((state, e) => rpaDatabaseDecider.evolve(state, domainEventOf<RpaEvent>(e)), rpaDatabaseDecider.initialState);
        fold.push(performance.now() - start);
      }
      figures.push({
        item: ITEM,
        name: 'RPA database state from its stream (cold command)',
        unit: 'ms',
        runs: fold,
        dataset: `${rpa.length.toLocaleString('en')} RPA registrations in one stream`,
      });
      await reads.close();
      return figures;
    } finally {
      removeDir(dir);
    }
  },
};
