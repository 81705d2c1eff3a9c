import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CommandRuntime } from '@portal/commands';
import { companyDecider, companyStreamId } from '@portal/domain';
import { sealEvents, SqliteEventStore } from '@portal/event-store';
import type { Socket } from 'socket.io-client';
import { authenticateRaw, call, connected, rawSocket, signedInPeer, type FeathersPeer } from '../harness/clients';
import { documentCount, documentsAvailable, DOCUMENTS_PATH, listQuery, PENDING_DOCUMENTS, SEARCH_WORDS, searchQuery } from './documents-probe';
import { generateEvents } from './event-generator';
import { removeDir, REPLAY_CLI, ROOT, runNode, sleep, startPortal, type PortalProc } from '../harness/proc';
import { percentile, sortNumbers } from './stats';
import { cpuSeconds } from './ocr/ocr-speed/ocr-speed.bench';

export interface Options {
  quick: boolean;
  runs: number;
  log(line: string): void;
}

/** One row of the results: a figure measured `runs` times. */
export interface Figure {
  item: number;
  name: string;
  unit: string;
  runs: number[];
  dataset: string;
  note?: string;
  pending?: string;
  extra?: Record<string, unknown>;
}

const PLACES = ['Wien', 'Graz', 'Linz', 'Salzburg', 'Innsbruck', 'München', 'Hamburg', 'Berlin'];

// ---------------------------------------------------------------------------------------------
// The bench data dir: demo seed + generated companies, used by items 1, 4, 5 and 6.

export interface BenchPortal {
  dataDir: string;
  companies: number;
  events: number;
  portal: PortalProc;
  firstGenerated: number;
}

export async function prepareBenchPortal(options: Options): Promise<BenchPortal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-benchdata-'));
  options.log('bench data: first start (demo seed)');
  const seedRun = await startPortal({ dataDir, timeoutMs: 300_000 });
  await waitForDemoDocuments(seedRun, options);
  await seedRun.stop('SIGTERM');
  const companies = options.quick ? 2_000 : 20_000;
  const generated = await generateEvents(join(dataDir, 'events.sqlite'), { events: companies * 6, companies, users: companies / 10, seed: 11 });
  options.log(`bench data: +${generated.events} generated events (${generated.companies} companies, ${generated.users} users); catching up`);
  const portal = await startPortal({ dataDir, timeoutMs: 600_000 });
  const head = await waitUntilCaughtUp(portal);
  const admin = await adminSocket(portal);
  const [, page] = await call(admin, 'find', ['accounting-client', { $limit: 0 }]);
  // The demo seed's documents are extracted (OCR) in the background: measure only once that is done.
  if (await documentsAvailable(admin)) {
    const until = Date.now() + 600_000;
    for (;;) {
      const [error, pending] = await call(admin, 'find', [DOCUMENTS_PATH, { extraction: 'pending', $limit: 0 }]);
      const left = error ? 0 : (pending as { total: number }).total;
      if (left === 0 || Date.now() > until) break;
      options.log(`bench data: waiting for the text extraction of ${left} demo documents`);
      await sleep(5000);
    }
  }
  admin.close();
  return { dataDir, companies: (page as { total: number }).total, events: head, portal, firstGenerated: generated.companyNos[0] };
}

/** Waits until the portal's read models passed the head of its event log (as it was when called); answers that head. */
export async function waitUntilCaughtUp(portal: PortalProc): Promise<number> {
  const store = new SqliteEventStore(join(portal.dataDir, 'events.sqlite'), { synchronous: 'NORMAL' });
  const head = (await store.headPosition()) ?? 0;
  await store.close();
  for (;;) {
    const health = (await (
      await fetch(`${portal.url}/api/health/details`, { headers: { authorization: `Bearer ${await portal.token('admin')}` } })
    ).json()) as { position: number };
    if (health.position >= head) return head;
    await sleep(200);
  }
}

/** The demo documents are uploaded in the background after the first start: wait until their number stops growing. */
async function waitForDemoDocuments(portal: PortalProc, options: Options): Promise<void> {
  const admin = await adminSocket(portal);
  try {
    if (!(await documentsAvailable(admin))) return;
    const until = Date.now() + 300_000;
    let last = -1;
    let stable = 0;
    while (Date.now() < until && stable < 3) {
      const count = await documentCount(admin);
      stable = count > 0 && count === last ? stable + 1 : 0;
      last = count;
      await sleep(2000);
    }
    options.log(`bench data: ${last} demo documents uploaded`);
  } finally {
    admin.close();
  }
}

async function adminSocket(portal: PortalProc): Promise<Socket> {
  const socket = rawSocket(portal.url);
  await connected(socket);
  await authenticateRaw(socket, await portal.token('admin'));
  return socket;
}

// ---------------------------------------------------------------------------------------------
// 1. Command -> push latency at 50 Feathers clients.

interface LatencyRun {
  rate: number;
  achievedRate: number;
  commands: number;
  p50: number;
  p99: number;
  max: number;
  delivered: number;
  expected: number;
  errors: number;
  /** Reply (ack) time of the commands: the server-side part (command + projection + read-your-writes wait). */
  ackP50: number;
  ackP99: number;
}

async function latencyRun(bench: BenchPortal, peers: FeathersPeer[], sender: Socket, rate: number, seconds: number, tag: string): Promise<LatencyRun> {
  const sentAt = new Map<number, number>();
  const samples: number[] = [];
  let delivered = 0;
  const prefix = `Lat ${tag} `;
  const handlers = peers.map((peer) => {
    const handler = (company: { company_name?: string }) => {
      const name = company.company_name;
      if (!name || !name.startsWith(prefix)) return;
      const seq = Number(name.slice(prefix.length, name.indexOf(' ', prefix.length)));
      const t = sentAt.get(seq);
      if (t === undefined) return;
      samples.push(performance.now() - t);
      delivered++;
    };
    peer.app.service('accounting-client').on('patched', handler);
    return () => peer.app.service('accounting-client').off('patched', handler);
  });
  let errors = 0;
  const total = Math.round(rate * seconds);
  const pool = Math.min(500, bench.companies - 10);
  const t0 = performance.now();
  const acks: Promise<void>[] = [];
  const ackTimes: number[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const companyNo = bench.firstGenerated + (i % pool);
    const sent = performance.now();
    sentAt.set(i, sent);
    acks.push(
      call(sender, 'patch', ['accounting-client', companyNo, { company_name: `${prefix}${i} GmbH` }, {}], 60_000).then(
        ([error]) => {
          ackTimes.push(performance.now() - sent);
          if (error) errors++;
        },
        () => {
          errors++;
        },
      ),
    );
  }
  const sendSeconds = (performance.now() - t0) / 1000;
  await Promise.all(acks);
  const expected = total * peers.length;
  const deadline = Date.now() + 5000;
  while (delivered < expected - errors * peers.length && Date.now() < deadline) await sleep(50);
  for (const off of handlers) off();
  const sorted = sortNumbers(samples);
  const acked = sortNumbers(ackTimes);
  return {
    rate,
    achievedRate: total / sendSeconds,
    commands: total,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    delivered,
    expected,
    errors,
    ackP50: percentile(acked, 50),
    ackP99: percentile(acked, 99),
  };
}

export async function benchLatency(bench: BenchPortal, options: Options): Promise<Figure[]> {
  const token = await bench.portal.token('admin');
  const peers: FeathersPeer[] = [];
  for (let i = 0; i < 50; i++) peers.push(await signedInPeer(bench.portal.url, token));
  const sender = await adminSocket(bench.portal);
  try {
    const seconds = options.quick ? 3 : 10;
    const runs: LatencyRun[] = [];
    for (let r = 0; r < options.runs; r++) {
      const run = await latencyRun(bench, peers, sender, 200, seconds, `r${r}`);
      options.log(
        `latency @200/s run ${r + 1}: p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms (reply p50 ${run.ackP50.toFixed(1)}, p99 ${run.ackP99.toFixed(1)} ms), achieved ${run.achievedRate.toFixed(0)}/s, delivered ${run.delivered}/${run.expected}, errors ${run.errors}`,
      );
      runs.push(run);
    }
    // Step search: the highest rate whose p99 stays under 100 ms with every push delivered.
    const steps = options.quick ? [25, 50, 100, 200, 400] : [10, 25, 50, 75, 100, 150, 200, 300, 400, 600, 800, 1000, 1500, 2000];
    const stepSeconds = options.quick ? 2 : 5;
    let best = 0;
    const stepResults: LatencyRun[] = [];
    for (const rate of steps) {
      const run = await latencyRun(bench, peers, sender, rate, stepSeconds, `s${rate}`);
      stepResults.push(run);
      const ok = run.p99 < 100 && run.errors === 0 && run.delivered === run.expected && run.achievedRate >= rate * 0.9;
      options.log(
        `latency step ${rate}/s: p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms (reply p99 ${run.ackP99.toFixed(1)} ms), achieved ${run.achievedRate.toFixed(0)}/s, delivered ${run.delivered}/${run.expected}, errors ${run.errors} -> ${ok ? 'ok' : 'over'}`,
      );
      if (!ok) break;
      best = rate;
    }
    const dataset = `50 Feathers clients (admin), ${bench.companies} companies, renames over ${Math.min(500, bench.companies - 10)} companies, ${seconds} s per run`;
    return [
      { item: 1, name: 'command->push p50 @200 cmd/s', unit: 'ms', runs: runs.map((r) => r.p50), dataset },
      { item: 1, name: 'command->push p99 @200 cmd/s', unit: 'ms', runs: runs.map((r) => r.p99), dataset, extra: { runs } },
      {
        item: 1,
        name: 'command reply (ack) p99 @200 cmd/s',
        unit: 'ms',
        runs: runs.map((r) => r.ackP99),
        dataset,
        note: 'server side: command, projection, read-your-writes wait',
      },
      {
        item: 1,
        name: 'highest rate with p99 < 100 ms',
        unit: 'cmd/s',
        runs: [best],
        dataset: `steps of ${stepSeconds} s: ${steps.join(', ')} cmd/s`,
        note: 'single search pass (step granularity)',
        extra: { steps: stepResults },
      },
    ];
  } finally {
    for (const p of peers) p.close();
    sender.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Append throughput (in-process, SqliteEventStore with synchronous FULL).

const IN_FLIGHT = 64;

export async function benchAppend(options: Options): Promise<Figure[]> {
  const single: number[] = [];
  const concurrent: number[] = [];
  const groupSizes: number[] = [];
  const batched: number[] = [];
  const batchedLarge: number[] = [];
  const seconds = options.quick ? 1.5 : 5;
  for (let r = 0; r < options.runs; r++) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-append-'));
    try {
      let commits = 0;
      const store = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'FULL', onCommit: () => void commits++ });
      const runtime = new CommandRuntime(store);
      const companies = 100;
      for (let c = 0; c < companies; c++) {
        await runtime.execute(
          companyDecider,
          companyStreamId(10_000 + c),
          { type: 'RegisterCompany', company_no: 10_000 + c, company_name: `Append ${c} GmbH`, company_place: 'Wien' },
          { userId: 'bench', clientNo: 10_000 + c },
        );
      }
      let n = 0;
      const t0 = performance.now();
      while (performance.now() - t0 < seconds * 1000) {
        const c = n % companies;
        await runtime.execute(
          companyDecider,
          companyStreamId(10_000 + c),
          { type: 'RenameCompany', company_name: `Append ${c} Renamed ${n} GmbH` },
          { userId: 'bench', clientNo: 10_000 + c },
        );
        n++;
      }
      single.push(n / ((performance.now() - t0) / 1000));
      // The same commands with IN_FLIGHT of them running at once: their appends share commits (group commit).
      let done = 0;
      const tc = performance.now();
      const lane = async (l: number) => {
        for (let k = l; performance.now() - tc < seconds * 1000; k += IN_FLIGHT) {
          const c = k % companies;
          await runtime.execute(
            companyDecider,
            companyStreamId(10_000 + c),
            { type: 'RenameCompany', company_name: `Append ${c} Concurrent ${k} GmbH` },
            { userId: 'bench', clientNo: 10_000 + c },
          );
          done++;
        }
      };
      const commitsBefore = commits;
      await Promise.all(Array.from({ length: IN_FLIGHT }, (_, l) => lane(l)));
      concurrent.push(done / ((performance.now() - tc) / 1000));
      groupSizes.push(done / Math.max(1, commits - commitsBefore));
      for (const [size, sink] of [
        [100, batched],
        [1000, batchedLarge],
      ] as const) {
        let events = 0;
        let stream = 0;
        const t1 = performance.now();
        while (performance.now() - t1 < seconds * 1000) {
          const streamId = `bench-batch-${size}-${stream++}`;
          const drafts = Array.from({ length: size }, (_, i) => ({
            type: 'CompanyRenamed',
            data: { company_name: `Batch ${i} GmbH`, company_place: 'Graz' },
            metadata: { userId: 'bench', clientNo: null, time: new Date().toISOString(), commandId: `${streamId}-${i}`, correlationId: streamId },
          }));
          await store.append(streamId, sealEvents(streamId, null, drafts), 'no_stream');
          events += size;
        }
        sink.push(events / ((performance.now() - t1) / 1000));
      }
      await store.close();
      options.log(
        `append run ${r + 1}: ${single[r]!.toFixed(0)} commands/s single, ${concurrent[r]!.toFixed(0)} with ${IN_FLIGHT} in flight (${groupSizes[r]!.toFixed(1)} per commit), ${batched[r]!.toFixed(0)} events/s in batches of 100, ${batchedLarge[r]!.toFixed(0)} in batches of 1000`,
      );
    } finally {
      removeDir(dir);
    }
  }
  const dataset = `SqliteEventStore synchronous=FULL (fsync per commit), ${seconds} s per run, temp dir on the system disk`;
  return [
    {
      item: 2,
      name: 'single-event commands (CommandRuntime, durable)',
      unit: 'cmd/s',
      runs: single,
      dataset: `${dataset}; rename commands over 100 company streams`,
      note: 'includes readStream + decide + seal + append per command',
    },
    {
      item: 2,
      name: `single-event commands, ${IN_FLIGHT} in flight (group commit)`,
      unit: 'cmd/s',
      runs: concurrent,
      dataset: `${dataset}; rename commands over 100 company streams`,
      note: 'each command still reads, decides and checks its expected revision; replies after the fsync',
    },
    { item: 2, name: `commands per commit, ${IN_FLIGHT} in flight`, unit: 'cmd', runs: groupSizes, dataset },
    { item: 2, name: 'append in batches of 100 events', unit: 'events/s', runs: batched, dataset: `${dataset}; sealed events, one append per batch` },
    { item: 2, name: 'append in batches of 1000 events', unit: 'events/s', runs: batchedLarge, dataset },
  ];
}

// ---------------------------------------------------------------------------------------------
// 3. Replay of 1,000,000 generated events, in a child process (the replay CLI).

export async function benchReplay(options: Options): Promise<Figure[]> {
  const events = options.quick ? 100_000 : 1_000_000;
  const cacheDir = join(ROOT, 'bench-results', 'cache');
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `events-${events}-v1.sqlite`);
  if (!existsSync(file)) {
    options.log(`replay: generating ${events} events (not timed) into ${file}`);
    const g = await generateEvents(`${file}.tmp`, { events, seed: 1 });
    const { renameSync } = await import('node:fs');
    renameSync(`${file}.tmp`, file);
    for (const suffix of ['-wal', '-shm']) if (existsSync(`${file}.tmp${suffix}`)) removeDir(`${file}.tmp${suffix}`);
    options.log(`replay: generated ${g.events} events (${g.companies} companies, ${g.users} users) in ${(g.ms / 1000).toFixed(1)} s`);
  }
  const rates: number[] = [];
  const cpuRates: number[] = [];
  const rss: number[] = [];
  const hwm: number[] = [];
  /** Per part of the replay (the log's reading, each projection's fold and write), its rate in each run. */
  const parts = new Map<string, number[]>();
  for (let r = 0; r < options.runs; r++) {
    const cpu0 = cpuSeconds();
    const run = await runNode(REPLAY_CLI, ['--events', file]);
    const cpu = cpuSeconds() - cpu0;
    const m = /Replayed (\d+) events in ([\d.]+) s: (\d+) events\/s, peak RSS (\d+) MiB/.exec(run.output);
    if (run.code !== 0 || !m) throw new Error(`replay failed (${String(run.code)}):\n${run.output}`);
    rates.push(Number(m[3]));
    cpuRates.push(Number(m[1]) / cpu);
    rss.push(Number(m[4]));
    hwm.push(run.peakRssBytes / 1048576);
    options.log(
      `replay run ${r + 1}: ${m[1]} events in ${m[2]} s = ${m[3]} events/s; peak RSS ${m[4]} MiB (sampled by replay), ${(run.peakRssBytes / 1048576).toFixed(0)} MiB (VmHWM of the child); ${cpu.toFixed(1)} CPU s (start and checksums included)`,
    );
    for (const part of replayParts(run.output)) {
      options.log(`  ${part.line}`);
      if (part.rate !== null) parts.set(part.name, [...(parts.get(part.name) ?? []), part.rate]);
    }
  }
  const size = `${events} generated company/user events (${(statSync(file).size / 1048576).toFixed(0)} MiB SQLite file), all projections, scratch SQLite read store`;
  return [
    { item: 3, name: 'replay rate', unit: 'events/s', runs: rates, dataset: size, note: 'replay CLI (--events) in a child process' },
    {
      item: 3,
      name: 'replay events per CPU second',
      unit: 'events/s',
      runs: cpuRates,
      dataset: size,
      note: 'events / CPU seconds of the replay process (user + system, with its start and the checksums): the rate a free core would give',
    },
    { item: 3, name: 'replay peak memory (VmHWM)', unit: 'MiB', runs: hwm, dataset: size, extra: { sampledByReplayMiB: rss } },
    ...[...parts].map(([name, runs]): Figure => ({
      item: 3,
      name: `replay: ${name}`,
      unit: 'events/s',
      runs,
      dataset: size,
      note: "events of the range per second spent in this part alone; the replay rate is one over the sum of the parts' inverses",
    })),
  ];
}

/**
 * The replay CLI's lines per part: the log's reading and each projection that handled events (fold + write),
 * with its rate.
 */
function replayParts(output: string): Array<{ name: string; line: string; rate: number | null }> {
  const parts: Array<{ name: string; line: string; rate: number | null }> = [];
  for (const m of output.matchAll(/^(reading the log|projection (\S+)): (.*?)(\d+) events\/s/gm)) {
    const handled = /^(\d+) events handled/.exec(m[3]!);
    // A projection the bench's events do not reach only creates its empty tables.
    if (handled && Number(handled[1]) === 0) continue;
    parts.push({ name: m[2] ? `projection ${m[2]}` : m[1]!, line: m[0], rate: Number(m[4]) });
  }
  return parts;
}

// ---------------------------------------------------------------------------------------------
// 4. Queries through the gateway.

async function timeQueries(socket: Socket, count: number, make: (i: number) => [string, unknown[]]): Promise<{ p50: number; p99: number; errors: number }> {
  const samples: number[] = [];
  let errors = 0;
  for (let i = 0; i < count; i++) {
    const [method, args] = make(i);
    const t = performance.now();
    const [error] = await call(socket, method, args);
    samples.push(performance.now() - t);
    if (error) errors++;
  }
  const sorted = sortNumbers(samples);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), errors };
}

export async function benchQueries(bench: BenchPortal, options: Options): Promise<Figure[]> {
  const socket = await adminSocket(bench.portal);
  try {
    const count = options.quick ? 100 : 400;
    const p50: number[] = [];
    const p99: number[] = [];
    for (let r = 0; r < options.runs; r++) {
      const q = await timeQueries(socket, count, (i) => [
        'find',
        ['accounting-client', { company_place: PLACES[i % PLACES.length], $sort: { company_name: 1 }, $skip: (i % 10) * 50, $limit: 50 }],
      ]);
      if (q.errors) throw new Error(`company list queries failed: ${q.errors}`);
      p50.push(q.p50);
      p99.push(q.p99);
      options.log(`company list run ${r + 1}: p50 ${q.p50.toFixed(2)} ms, p99 ${q.p99.toFixed(2)} ms`);
    }
    const dataset = `${bench.companies} companies; admin; filter company_place, $sort company_name, $skip 0-450, $limit 50; ${count} sequential queries per run over socket.io`;
    const figures: Figure[] = [
      { item: 4, name: 'company list page p50', unit: 'ms', runs: p50, dataset },
      { item: 4, name: 'company list page p99', unit: 'ms', runs: p99, dataset },
    ];
    if (!(await documentsAvailable(socket))) {
      figures.push({ item: 4, name: 'document list page p50/p99', unit: 'ms', runs: [], dataset: '-', pending: PENDING_DOCUMENTS });
      figures.push({ item: 4, name: 'full-text search p50/p99', unit: 'ms', runs: [], dataset: '-', pending: PENDING_DOCUMENTS });
      return figures;
    }
    const docs = await documentCount(socket);
    const lp50: number[] = [];
    const lp99: number[] = [];
    const sp50: number[] = [];
    const sp99: number[] = [];
    for (let r = 0; r < options.runs; r++) {
      const list = await timeQueries(socket, count, (i) => ['find', [DOCUMENTS_PATH, listQuery(1001 + (i % 6), i % 3)]]);
      const search = await timeQueries(socket, count, (i) => ['find', [DOCUMENTS_PATH, searchQuery(SEARCH_WORDS[i % SEARCH_WORDS.length]!)]]);
      if (list.errors || search.errors) options.log(`documents queries answered errors: list ${list.errors}, search ${search.errors}`);
      lp50.push(list.p50);
      lp99.push(list.p99);
      sp50.push(search.p50);
      sp99.push(search.p99);
      options.log(
        `documents run ${r + 1}: list p50 ${list.p50.toFixed(2)} / p99 ${list.p99.toFixed(2)} ms; search p50 ${search.p50.toFixed(2)} / p99 ${search.p99.toFixed(2)} ms`,
      );
    }
    const dsize = `${docs} documents (the demo seed's; the 200,000-document figures are the 'documents' item)`;
    figures.push({ item: 4, name: 'document list page p50', unit: 'ms', runs: lp50, dataset: dsize });
    figures.push({ item: 4, name: 'document list page p99', unit: 'ms', runs: lp99, dataset: dsize });
    figures.push({ item: 4, name: 'full-text search p50', unit: 'ms', runs: sp50, dataset: dsize });
    figures.push({ item: 4, name: 'full-text search p99', unit: 'ms', runs: sp99, dataset: dsize });
    return figures;
  } finally {
    socket.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 5. Fan-out: 2,000 authenticated raw socket.io connections.

export async function benchFanout(bench: BenchPortal, options: Options): Promise<Figure[]> {
  // A client company's own user (one company) and an administrator with every client (all companies in the session).
  return [...(await fanout(bench, options, 'client1', 1001)), ...(await fanout(bench, options, 'admin', bench.firstGenerated + 1))];
}

async function fanout(bench: BenchPortal, options: Options, username: string, companyNo: number): Promise<Figure[]> {
  const n = options.quick ? 300 : 2000;
  const token = await bench.portal.token(username);
  await sleep(2000);
  const before = bench.portal.rss()!;
  const sockets: Socket[] = [];
  const t0 = performance.now();
  try {
    for (let i = 0; i < n; i += 100) {
      const batch = Array.from({ length: Math.min(100, n - i) }, () => rawSocket(bench.portal.url));
      sockets.push(...batch);
      await Promise.all(
        batch.map(async (s) => {
          await connected(s, 60_000);
          await authenticateRaw(s, token);
        }),
      );
    }
    const connectSeconds = (performance.now() - t0) / 1000;
    await sleep(3000);
    const after = bench.portal.rss()!;
    const perConnection = (after - before) / n;
    options.log(
      `fan-out: ${n} sockets connected and authenticated in ${connectSeconds.toFixed(1)} s; server RSS ${(before / 1048576).toFixed(0)} -> ${(after / 1048576).toFixed(0)} MiB = ${(perConnection / 1024).toFixed(1)} KiB per connection`,
    );
    const writer = await adminSocket(bench.portal);
    sockets.push(writer);
    const changes = options.quick ? 3 : 10;
    const p99s: number[] = [];
    const p50s: number[] = [];
    let lost = 0;
    for (let c = 0; c < changes; c++) {
      const name = `Fanout ${Date.now()} ${c} GmbH`;
      const samples: number[] = [];
      let start = 0;
      const done = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 20_000);
        for (const s of sockets) {
          const handler = (company: { company_name?: string }) => {
            if (company.company_name !== name) return;
            s.off('accounting-client patched', handler);
            samples.push(performance.now() - start);
            if (samples.length === n) {
              clearTimeout(timer);
              resolve();
            }
          };
          if (s !== writer) s.on('accounting-client patched', handler);
        }
      });
      start = performance.now();
      const [error] = await call(writer, 'patch', ['accounting-client', companyNo, { company_name: name }, {}]);
      if (error) throw new Error(`fan-out patch failed: ${error.message}`);
      await done;
      for (const s of sockets) s.off('accounting-client patched');
      lost += n - samples.length;
      const sorted = sortNumbers(samples);
      p50s.push(percentile(sorted, 50));
      p99s.push(percentile(sorted, 99));
      options.log(
        `fan-out change ${c + 1}: ${samples.length}/${n} delivered, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
      );
      await sleep(300);
    }
    const who = username === 'admin' ? `admin: all ${bench.companies} clients in each session` : `${username}: one client`;
    const dataset = `${n} raw socket.io-client connections as ${who}, in one client process; one rename per change; ${changes} changes; connect+login took ${connectSeconds.toFixed(0)} s`;
    return [
      { item: 5, name: `push to ${n} connections p50 (${username})`, unit: 'ms', runs: p50s, dataset },
      { item: 5, name: `push to ${n} connections p99 (${username})`, unit: 'ms', runs: p99s, dataset, extra: { lostDeliveries: lost } },
      {
        item: 5,
        name: `server RSS per connection (${username})`,
        unit: 'KiB',
        runs: [perConnection / 1024],
        dataset: `VmRSS before ${(before / 1048576).toFixed(0)} MiB, after ${(after / 1048576).toFixed(0)} MiB (${who})`,
        note: 'single measurement; includes socket.io, engine.io and the session user',
      },
    ];
  } finally {
    for (const s of sockets) s.close();
    await sleep(3000);
    const closed = bench.portal.rss();
    options.log(
      `fan-out: server RSS ${(before / 1048576).toFixed(0)} MiB before, ${closed === null ? '-' : (closed / 1048576).toFixed(0)} MiB 3 s after closing the connections`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// 6. Start on an existing data dir.

export async function benchStart(bench: BenchPortal, options: Options): Promise<Figure[]> {
  await bench.portal.stop('SIGTERM');
  const web = existsSync(join(ROOT, 'apps/web/dist/index.html'));
  const readyPath = web ? '/' : '/health';
  const seconds: number[] = [];
  const idle: number[] = [];
  for (let r = 0; r < options.runs; r++) {
    const portal = await startPortal({ dataDir: bench.dataDir, readyPath, timeoutMs: 300_000 });
    seconds.push(portal.startMs / 1000);
    await sleep(5000);
    idle.push(portal.rss()! / 1048576);
    options.log(`start run ${r + 1}: ${readyPath} answered 200 after ${(portal.startMs / 1000).toFixed(2)} s; idle RSS ${idle[r]!.toFixed(0)} MiB`);
    await portal.stop('SIGTERM');
  }
  bench.portal = await startPortal({ dataDir: bench.dataDir, timeoutMs: 300_000 });
  const dataset = `existing data dir: ${bench.events} events, ${bench.companies} companies, read models caught up`;
  return [
    {
      item: 6,
      name: `start to first page (GET ${readyPath} 200)`,
      unit: 's',
      runs: seconds,
      dataset,
      ...(web ? {} : { note: 'apps/web/dist missing: measured to GET /health' }),
    },
    { item: 6, name: 'idle RSS 5 s after start', unit: 'MiB', runs: idle, dataset },
  ];
}

// ---------------------------------------------------------------------------------------------
// 7. Client: initial JS gzip size (the documents tab render in Chromium is in documents-bench.ts, item 'render').

export async function benchClient(_options: Options): Promise<Figure[]> {
  const dist = join(ROOT, 'apps/web/dist');
  const index = join(dist, 'index.html');
  const figures: Figure[] = [];
  if (!existsSync(index)) {
    figures.push({
      item: 7,
      name: 'initial JS gzip size',
      unit: 'KiB',
      runs: [],
      dataset: '-',
      pending: 'apps/web/dist missing (npm run build:web failed or was not run)',
    });
  } else {
    const html = readFileSync(index, 'utf8');
    const refs = new Set<string>();
    for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) refs.add(m[1]!);
    for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) refs.add(m[1]!);
    let raw = 0;
    let gz = 0;
    const files: Record<string, number> = {};
    for (const ref of refs) {
      const file = join(dist, ref.replace(/^\//, ''));
      if (!existsSync(file)) continue;
      const content = readFileSync(file);
      raw += content.length;
      const size = gzipSync(content, { level: 9 }).length;
      files[ref] = size;
      gz += size;
    }
    figures.push({
      item: 7,
      name: 'initial JS gzip size',
      unit: 'KiB',
      runs: [gz / 1024],
      dataset: `${refs.size} files (module script + modulepreloads of index.html), ${(raw / 1024).toFixed(0)} KiB raw, gzip -9`,
      extra: { files },
    });
  }
  return figures;
}
