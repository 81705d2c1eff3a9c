import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, freemem, release } from 'node:os';
import { join } from 'node:path';
import {
  benchAppend,
  benchClient,
  benchFanout,
  benchLatency,
  benchQueries,
  benchReplay,
  benchStart,
  prepareBenchPortal,
  type BenchPortal,
  type Figure,
  type Options,
} from './items';
import { benchDocumentQueries, benchDocumentsRender, prepareDocumentsPortal, type DocumentsPortal } from './documents-bench';
import { FEATURE_BENCH_ITEMS } from './feature-items';
import { killAllChildren, removeDir, ROOT } from '../harness/proc';
import { spread } from './stats';
import { PEERS } from './peers';

/**
 * npm run bench [-- --quick] [-- --only=latency,append,replay,queries,documents,fanout,start,client,render] [-- --runs=3]
 *               [-- --peers[=emmett,feathers,tesseract,postgres]]
 * The benchmarks of prints a table and writes bench-results/latest.json. Localhost only;
 * every child process is killed at the end. `--peers` runs the side-by-side comparisons,
 * alone unless `--only` names items too.
 */
const CORE_ITEMS = ['latency', 'append', 'replay', 'queries', 'documents', 'fanout', 'start', 'client', 'render'] as const;
const ITEMS: readonly string[] = [...CORE_ITEMS, ...FEATURE_BENCH_ITEMS.map((i) => i.name)];
type Item = string;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const quick = argv.includes('--quick');
  const onlyArg = argv.find((a) => a.startsWith('--only='));
  const runsArg = argv.find((a) => a.startsWith('--runs='));
  const peersArg = argv.find((a) => a === '--peers' || a.startsWith('--peers='));
  const peers = peersArg
    ? peersArg.includes('=')
      ? peersArg
          .slice(8)
          .split(',')
          .map((s) => s.trim())
      : Object.keys(PEERS)
    : [];
  for (const peer of peers) if (!(peer in PEERS)) throw new Error(`unknown peer '${peer}'; known: ${Object.keys(PEERS).join(', ')}`);
  const only = new Set<Item>(
    onlyArg
      ? (onlyArg
          .slice(7)
          .split(',')
          .map((s) => s.trim()) as Item[])
      : peersArg
        ? []
        : ITEMS,
  );
  for (const item of only) if (!ITEMS.includes(item)) throw new Error(`unknown item '${item}'; known: ${ITEMS.join(', ')}`);
  const started = Date.now();
  const log = (line: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  const options: Options = { quick, runs: runsArg ? Number(runsArg.slice(7)) : quick ? 1 : 3, log };
  const machine = {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGiB: +(totalmem() / 2 ** 30).toFixed(1),
    freeMemoryGiBAtStart: +(freemem() / 2 ** 30).toFixed(1),
    loadAverageAtStart: loadavg().map((l) => +l.toFixed(2)),
    node: process.version,
    kernel: release(),
  };
  log(
    `bench: ${[...only, ...peers.map((p) => `peer ${p}`)].join(', ')}${quick ? ' (quick)' : ''}; ${options.runs} run(s) per figure; ${machine.cores} cores, ${machine.memoryGiB} GiB, load ${machine.loadAverageAtStart.join(' ')}`,
  );
  const figures: Figure[] = [];
  const failures: string[] = [];
  let bench: BenchPortal | null = null;
  let docs: DocumentsPortal | null = null;
  const attempt = async (name: string, work: () => Promise<Figure[]>) => {
    try {
      figures.push(...(await work()));
    } catch (error) {
      failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      log(`${name} FAILED: ${error instanceof Error ? error.stack : String(error)}`);
    }
  };
  try {
    if (only.has('append')) await attempt('append', () => benchAppend(options));
    if (only.has('replay')) await attempt('replay', () => benchReplay(options));
    if (['latency', 'queries', 'fanout', 'start'].some((i) => only.has(i))) {
      try {
        bench = await prepareBenchPortal(options);
        log(`bench portal: ${bench.companies} companies, ${bench.events} events, data dir ${bench.dataDir}`);
      } catch (error) {
        failures.push(`bench portal: ${error instanceof Error ? error.message : String(error)}`);
        log(`bench portal FAILED: ${error instanceof Error ? error.stack : String(error)}`);
      }
    }
    if (bench) {
      const b = bench;
      if (only.has('queries')) await attempt('queries', () => benchQueries(b, options));
      if (only.has('latency')) await attempt('latency', () => benchLatency(b, options));
      if (only.has('fanout')) await attempt('fanout', () => benchFanout(b, options));
      if (only.has('start')) await attempt('start', () => benchStart(b, options));
    }
    if (only.has('client')) await attempt('client', () => benchClient(options));
    if (bench && (only.has('documents') || only.has('render'))) {
      // one portal at a time on the 2 cores
      await bench.portal.stop('SIGTERM').catch(() => undefined);
    }
    if (only.has('documents') || only.has('render')) {
      try {
        docs = await prepareDocumentsPortal(options);
        log(`documents portal: ${docs.documents} documents, data dir ${docs.dataDir}`);
      } catch (error) {
        failures.push(`documents portal: ${error instanceof Error ? error.message : String(error)}`);
        log(`documents portal FAILED: ${error instanceof Error ? error.stack : String(error)}`);
      }
    }
    if (docs) {
      const d = docs;
      if (only.has('documents')) await attempt('documents', () => benchDocumentQueries(d, options));
      if (only.has('render')) await attempt('render', () => benchDocumentsRender(d, options));
    }
    for (const feature of FEATURE_BENCH_ITEMS) if (only.has(feature.name)) await attempt(feature.name, () => feature.run(options));
    for (const peer of peers) await attempt(`peer ${peer}`, () => PEERS[peer]!(options));
  } finally {
    if (docs) await docs.portal.stop('SIGTERM').catch(() => undefined);
    if (bench) {
      await bench.portal.stop('SIGTERM').catch(() => undefined);
      removeDir(bench.dataDir);
    }
  }
  const rows = figures.sort((a, b) => a.item - b.item).map((f) => ({ ...f, ...spread(f.runs) }));
  const fmt = (v: number) => (Number.isFinite(v) ? (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(v >= 10 ? 1 : 2)) : '-');
  const header = ['#', 'figure', 'unit', 'min', 'median', 'max', 'runs', 'dataset / note'];
  const table = [
    header,
    ...rows.map((r) => [
      String(r.item),
      r.name,
      r.unit,
      ...(r.pending ? ['-', '-', '-', '0'] : [fmt(r.min), fmt(r.median), fmt(r.max), String(r.runs.length)]),
      r.pending ?? `${r.dataset}${r.note ? ` (${r.note})` : ''}`,
    ]),
  ];
  const widths = header.map((_, i) => Math.min(i === 7 ? 200 : 60, Math.max(...table.map((row) => row[i]!.length))));
  process.stdout.write('\n');
  for (const row of table) process.stdout.write(`${row.map((c, i) => (i >= 3 && i <= 6 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')}\n`);
  const result = {
    at: new Date().toISOString(),
    command: `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
    quick,
    runsPerFigure: options.runs,
    machine: { ...machine, loadAverageAtEnd: loadavg().map((l) => +l.toFixed(2)) },
    minutes: +((Date.now() - started) / 60000).toFixed(1),
    figures: rows,
    failures,
  };
  const dir = join(ROOT, 'bench-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  log(`written bench-results/latest.json (${result.minutes} min)${failures.length ? `; FAILED: ${failures.join(' | ')}` : ''}`);
  process.exitCode = failures.length ? 1 : 0;
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    killAllChildren();
    setTimeout(() => process.exit(process.exitCode ?? 0), 300).unref();
  });
