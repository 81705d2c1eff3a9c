import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandRuntime } from '@portal/commands';
import { ALL_PERMISSIONS, type FonReturnType, type User } from '@portal/contracts';
import type { FonRecord, NtcsRecord } from '@portal/domain';
import { SqliteEventStore } from '@portal/event-store';
import { fonQuotaProjection, replayInto } from '@portal/projections';
import { SqliteReadStore } from '@portal/read-store';
import type { CommandSender } from '@portal/api';
import { seeded, fonQuotaCsv, ntcsCsv, FonImporter, fonQuotaItemsService } from '@portal/api';
import type { FeatureBenchItem } from '../feature-items';
import type { Figure, Options } from '../items';
import { percentile, sortNumbers } from '../stats';

const ITEM = 42;
/** The items tab's page (ITEM_PAGE of the screen's store). */
const PAGE = 200;
const TAX_YEAR = 2025;
const OFFICES = ['03', '04', '06', '07', '08', '09', '10', '46', '81', '91'];
const TYPES: FonReturnType[] = ['ESt', 'ESt', 'ESt', 'USt', 'USt', 'KSt', 'FSt', 'KfzSt'];
const EMPLOYEES = ['Anna Berger', 'Lukas Wimmer', 'Martin Steiner', 'Clara Hofer', 'Eva Moser', 'Paul Huber'];
const BENCH_USER: User = {
  keycloakId: 'bench',
  username: 'bench',
  permissions_array: ALL_PERMISSIONS,
  firstName: 'Bench',
  lastName: 'User',
  email: 'bench@portal.invalid',
  locale: 'en',
  klienten_array: [],
  all_clients: true,
  favClient: null,
  enabled: true,
};

/** `n` returns spread over ten tax offices, 40 % filed, and the NTCS export that agrees except for 2 % of them. */
function files(n: number): { fon: Buffer; ntcs: Buffer } {
  const random = seeded(4711);
  const fon: FonRecord[] = [];
  const ntcs: NtcsRecord[] = [];
  for (let i = 0; i < n; i++) {
    const taxId = `${OFFICES[i % OFFICES.length]}${String(1_000_000 + i).slice(-7)}`;
    const returnType = TYPES[Math.floor(random() * TYPES.length)]!;
    const filed =
      random() < 0.4 ? `2026-${String(1 + Math.floor(random() * 10)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}` : null;
    fon.push({
      taxId,
      returnType,
      name: `Mandant ${i}`,
      counted: true,
      businessIncome: returnType === 'FSt' && random() < 0.5,
      abgabedatum: filed,
      eingangsDatum: filed,
    });
    if (random() < 0.01) continue;
    ntcs.push({
      taxId,
      returnType,
      persNr: String(100_000 + i),
      name: `Mandant ${i}`,
      filingDate: random() < 0.01 ? null : filed,
      responsible: EMPLOYEES[i % EMPLOYEES.length]!,
      clientNo: null,
    });
  }
  return { fon: Buffer.from(fonQuotaCsv(TAX_YEAR, fon), 'utf8'), ntcs: Buffer.from(ntcsCsv(TAX_YEAR, ntcs), 'utf8') };
}

/** Samples the RSS while `work` runs: its duration, the CPU time it took (user + system) and the peak above the RSS before. */
async function measured(work: () => Promise<void>): Promise<{ ms: number; cpuMs: number; peakMiB: number; growthMiB: number }> {
  const before = process.memoryUsage().rss;
  const cpu = process.cpuUsage();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, cpuMs: (used.user + used.system) / 1000, peakMiB: peak / 1_048_576, growthMiB: (peak - before) / 1_048_576 };
}

/**
 * A FON quota list of 50,000 returns and its NTCS export imported (parse, quota books decided and
 * appended, read models projected; time and peak memory), then the items page as the screen asks for it (p99).
 */
export const fonBenchItem: FeatureBenchItem = {
  name: 'fon',
  async run(options: Options): Promise<Figure[]> {
    const n = options.quick ? 5_000 : 50_000;
    const { fon, ntcs } = files(n);
    const importRuns: number[] = [];
    const ntcsRuns: number[] = [];
    const projectRuns: number[] = [];
    const projectCpuPerEvent: number[] = [];
    const peaks: number[] = [];
    const totals: number[] = [];
    const cpus: number[] = [];
    const growths: number[] = [];
    const againRuns: number[] = [];
    let reads: SqliteReadStore | null = null;
    let dir = '';
    const repeats = Math.max(1, Math.min(options.runs, 3));
    for (let r = 0; r < repeats; r++) {
      if (dir) rmSync(dir, { recursive: true, force: true });
      await reads?.close();
      dir = mkdtempSync(join(tmpdir(), 'bench-fon-'));
      const events = new SqliteEventStore(join(dir, 'events.sqlite'));
      const runtime = new CommandRuntime(events);
      const importer = new FonImporter((decider, stream, command, context) => runtime.execute(decider, stream, command, context), null);
      const run = async (source: 'fon-file' | 'ntcs', content: Buffer) =>
        importer.wait(
          await importer.start(
            { firmId: 'bench', source, taxYear: TAX_YEAR, fonUserId: null, fileName: `${source}.csv`, content },
            { userId: 'bench', clientNo: null },
          ),
        );
      reads = new SqliteReadStore(join(dir, 'read-models.sqlite'));
      const store = reads;
      let fonMs = 0;
      let ntcsMs = 0;
      let projectMs = 0;
      const memory = await measured(async () => {
        let t = performance.now();
        await run('fon-file', fon);
        fonMs = performance.now() - t;
        t = performance.now();
        await run('ntcs', ntcs);
        ntcsMs = performance.now() - t;
        t = performance.now();
        const cpu = process.cpuUsage();
        const replayed = await replayInto(events, store, [fonQuotaProjection]);
        const used = process.cpuUsage(cpu);
        projectMs = performance.now() - t;
        projectCpuPerEvent.push((used.user + used.system) / replayed.events);
      });
      const t = performance.now();
      await run('fon-file', fon);
      againRuns.push(performance.now() - t);
      importRuns.push(fonMs);
      ntcsRuns.push(ntcsMs);
      projectRuns.push(projectMs);
      peaks.push(memory.peakMiB);
      totals.push(memory.ms);
      cpus.push(memory.cpuMs);
      growths.push(memory.growthMiB);
      options.log(
        `  fon: ${n} returns: FON ${Math.round(fonMs)} ms, NTCS ${Math.round(ntcsMs)} ms, projection ${Math.round(projectMs)} ms (CPU ${Math.round(memory.cpuMs)} ms in all), peak RSS ${Math.round(memory.peakMiB)} MiB (+${Math.round(memory.growthMiB)})`,
      );
      await events.close();
    }

    // The items tab as the screen loads it: one firm and year, a filter, sorted by name, a first page of 200 rows,
    // then the next pages as the user scrolls (ITEM_PAGE of apps/web's FonStore).
    const service = fonQuotaItemsService(reads!, null as unknown as CommandSender);
    const filters: Array<Record<string, unknown>> = [
      {},
      { status: 'open' },
      { status: 'submitted' },
      { tax_office: '46' },
      { zustMa: 'Anna Berger' },
      { conflict_kind: 'ntcs_mismatch' },
      { status: 'data_conflict' },
    ];
    const find = (query: Record<string, unknown>) =>
      service.methods.find!.run(
        { user: BENCH_USER, accessToken: '' },
        { id: null, data: null, query: { firm_id: 'bench', tax_year: TAX_YEAR, $sort: { name: 1 }, ...query } },
      );
    const first: number[] = [];
    const scroll: number[] = [];
    const quota: number[] = [];
    const calls = options.quick ? 50 : 200;
    for (let i = 0; i < calls; i++) {
      const filter = filters[i % filters.length]!;
      let t = performance.now();
      await find({ ...filter, $limit: PAGE, $skip: 0 });
      first.push(performance.now() - t);
      t = performance.now();
      await find({ ...filter, $limit: PAGE, $skip: PAGE * (1 + (i % 24)) });
      scroll.push(performance.now() - t);
      if (i % 10 === 0) {
        t = performance.now();
        await find({ view: 'quota' });
        quota.push(performance.now() - t);
      }
    }
    await reads?.close();
    rmSync(dir, { recursive: true, force: true });
    const p = (values: number[], q: number) => Math.round(percentile(sortNumbers(values), q) * 10) / 10;
    const dataset = `${n.toLocaleString('en')} returns in 10 tax offices (${(fon.length / 1_048_576).toFixed(1)} MiB CSV), NTCS export agreeing but for ~2 %; embedded SQLite, in process`;
    return [
      {
        item: ITEM,
        name: `FON import of ${n.toLocaleString('en')} quota items (parse, decide, append)`,
        unit: 'ms',
        runs: importRuns,
        dataset,
        note: 'one job: file parsed, one ApplyFonRecords command per tax office',
      },
      { item: ITEM, name: `NTCS import of the same ${n.toLocaleString('en')} returns (conflicts detected)`, unit: 'ms', runs: ntcsRuns, dataset },
      {
        item: ITEM,
        name: 'projection of both imports into the read models',
        unit: 'ms',
        runs: projectRuns,
        dataset,
        note: 'fon-quota projection (items, conflicts, counts) by replay',
      },
      {
        item: ITEM,
        name: 'projection CPU time per event',
        unit: 'µs',
        runs: projectCpuPerEvent.map((v) => Math.round(v)),
        dataset,
        note: 'user + system CPU of the replay / events replayed; the load of other processes changes it less than the wall clock',
      },
      { item: ITEM, name: 'FON import + NTCS import + projection, wall clock', unit: 'ms', runs: totals, dataset },
      {
        item: ITEM,
        name: 'FON import + NTCS import + projection, CPU time (user + system)',
        unit: 'ms',
        runs: cpus,
        dataset,
        note: 'what the work costs whatever else runs on the machine',
      },
      {
        item: ITEM,
        name: 'FON import + NTCS import + projection, peak RSS',
        unit: 'MiB',
        runs: peaks,
        dataset,
        note: `RSS sampled every 20 ms; growth during the import ${growths.map((g) => Math.round(g)).join(', ')} MiB`,
      },
      { item: ITEM, name: 'the same FON file imported again (changes nothing)', unit: 'ms', runs: againRuns, dataset },
      {
        item: ITEM,
        name: 'items page as the screen loads it (filter, by name, first 200 rows) p50',
        unit: 'ms',
        runs: [p(first, 50)],
        dataset,
        note: `${calls} finds over 7 filters through the fon-quota-items service`,
      },
      { item: ITEM, name: 'items page as the screen loads it (filter, by name, first 200 rows) p99', unit: 'ms', runs: [p(first, 99)], dataset },
      { item: ITEM, name: 'next page of 200 while scrolling ($skip 200 to 4,800) p99', unit: 'ms', runs: [p(scroll, 99)], dataset },
      { item: ITEM, name: 'quota of 10 tax offices (view quota) p99', unit: 'ms', runs: [p(quota, 99)], dataset },
    ];
  },
};
