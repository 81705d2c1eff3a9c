import { scaleOutScenario, type ScaleOutReport } from '../fault/scale-out';
import type { FeatureBenchItem } from './feature-items';
import type { Figure, Options } from './items';

const ITEM = 60;
/** The first 2 s of load on freshly started processes, the allowance a process restarted after a kill gets too. */
const warmupFor = (perSecond: number) => 2 * perSecond;

/**
 * Scale-out: one projector (and a standby), two api processes (PORTAL_ROLE=api) on one data dir, official
 * Feathers clients on both; 2,000 company renames at 200 writes/s, half through each api, with kill -9 of api A
 * at 25 % of the run and of the active projector at 70 %, after 2 s of the same load as warm-up. Latency figures are of
 * the writes outside the warm-up and the kill windows (kill to recovery + 2 s); the warm-up and kill figures say what
 * a cold start and the kills cost.
 */
async function run(options: Options): Promise<Figure[]> {
  const writes = options.quick ? 600 : 2000;
  const runs = options.quick ? 1 : Math.min(options.runs, 2);
  // First below what a loaded machine sustains and without kills: the latency of the path across processes, not a queue's.
  const calmWrites = options.quick ? 100 : 300;
  const calm = await scaleOutScenario({
    writes: calmWrites,
    warmupWrites: warmupFor(20),
    perSecond: 20,
    killApiAt: null,
    killProjectorAt: null,
    ackTimeoutMs: 10_000,
    traceHops: true,
    log: options.log,
  });
  const calmSet = `${calmWrites} writes at 20/s after 2 s of warm-up through 2 apis, 1 projector + standby, SQLite, no kills`;
  const reports: ScaleOutReport[] = [];
  for (let i = 0; i < runs; i++) {
    const report = await scaleOutScenario({
      writes,
      warmupWrites: warmupFor(200),
      perSecond: 200,
      killApiAt: 0.25,
      killProjectorAt: 0.7,
      ackTimeoutMs: 10_000,
      traceHops: true,
      log: options.log,
    });
    if (!report.replay.ok || report.missing.length || report.doubled.length || report.errors.length)
      throw new Error(
        `scale-out lost or doubled writes: ${JSON.stringify({ missing: report.missing.length, doubled: report.doubled.length, errors: report.errors.slice(0, 3), replay: report.replay.ok })}`,
      );
    reports.push(report);
  }
  const dataset = `${writes.toLocaleString('en')} writes at 200/s after 2 s of warm-up through 2 apis, 1 projector + standby, SQLite, kill -9 of an api and of the projector`;
  const clientsNote = (r: ScaleOutReport) => r.pushes.clients.map((c) => `${c.name} ${c.received}/${c.expected}`).join(', ');
  // Write on A → push on B hop by hop (stamps in every process), at 200 writes/s outside the kill windows.
  const hopNames = reports[0]?.hops?.hops.map((h) => h.hop) ?? [];
  const hopFigures: Figure[] = hopNames.map((hop) => {
    const of = (r: ScaleOutReport) => r.hops?.hops.find((h) => h.hop === hop);
    return {
      item: ITEM,
      name: `write A → push B, hop: ${hop}, p99`,
      unit: 'ms',
      runs: reports.map((r) => of(r)?.p99 ?? NaN),
      dataset,
      note: `p50 ${reports.map((r) => of(r)?.p50.toFixed(1) ?? '?').join('/')} ms; mean in the slowest 1 % ${reports.map((r) => of(r)?.inSlowest.toFixed(1) ?? '?').join('/')} ms; ${reports.map((r) => r.hops?.traced ?? 0).join('/')} writes traced`,
    };
  });
  return [
    ...hopFigures,
    {
      item: ITEM,
      name: 'at 20 writes/s: write on api A → push on api B, p99',
      unit: 'ms',
      runs: [calm.latency.pushAtoB.p99],
      dataset: calmSet,
      note: `p50 ${calm.latency.pushAtoB.p50.toFixed(1)} ms; ${calm.pushes.clients.map((c) => `${c.name} ${c.received}/${c.expected}`).join(', ')}`,
    },
    {
      item: ITEM,
      name: 'at 20 writes/s: command reply, p99',
      unit: 'ms',
      runs: [calm.latency.reply.p99],
      dataset: calmSet,
      note: `p50 ${calm.latency.reply.p50.toFixed(1)} ms`,
    },
    {
      item: ITEM,
      name: 'write on api A → push on api B, p99 (goal ≤ 50)',
      unit: 'ms',
      runs: reports.map((r) => r.latency.pushAtoB.p99),
      dataset,
      note: `p50 ${reports.map((r) => r.latency.pushAtoB.p50.toFixed(1)).join('/')} ms`,
    },
    {
      item: ITEM,
      name: 'command reply, p99 (goal ≤ 100)',
      unit: 'ms',
      runs: reports.map((r) => r.latency.reply.p99),
      dataset,
      note: `p50 ${reports.map((r) => r.latency.reply.p50.toFixed(1)).join('/')} ms`,
    },
    {
      item: ITEM,
      name: 'warm-up, the first 2 s of load after the start: write → push p99 and reply p99',
      unit: 'ms',
      runs: reports.map((r) => r.latency.pushAtoBWarmup.p99),
      dataset,
      note: `reply p99 ${reports.map((r) => r.latency.replyWarmup.p99.toFixed(0)).join('/')} ms; push p50 ${reports.map((r) => r.latency.pushAtoBWarmup.p50.toFixed(1)).join('/')} ms`,
    },
    {
      item: ITEM,
      name: 'write → push p99 and reply p99 with the warm-up and the kills included',
      unit: 'ms',
      runs: reports.map((r) => r.latency.pushAtoBAll.p99),
      dataset,
      note: `reply p99 ${reports.map((r) => r.latency.replyAll.p99.toFixed(0)).join('/')} ms`,
    },
    {
      item: ITEM,
      name: 'acknowledged writes in the log exactly once (goal: all)',
      unit: '%',
      runs: reports.map((r) => (100 * r.exactlyOnce) / r.writes),
      dataset,
      note: `${reports.map((r) => `${r.retried} re-sent to the other api, ${r.refused} TooManyRequests re-sent`).join('; ')}`,
    },
    {
      item: ITEM,
      name: 'changes each client may see that reached it (goal: all)',
      unit: '%',
      runs: reports.map(
        (r) =>
          (100 * r.pushes.clients.reduce((n, c) => n + c.received, 0)) /
          Math.max(
            1,
            r.pushes.clients.reduce((n, c) => n + c.expected, 0),
          ),
      ),
      dataset,
      note: reports.map(clientsNote).join('; '),
    },
    {
      item: ITEM,
      name: 'calls in flight on the killed api: failed on the client after at most',
      unit: 'ms',
      runs: reports.map((r) => r.apiKill?.failedWithinMs ?? NaN),
      dataset,
      note: `${reports.map((r) => `${r.apiKill?.inFlight ?? 0} in flight, ${r.apiKill?.hung ?? 0} hung`).join('; ')} (ack timeout 10 s)`,
    },
    {
      item: ITEM,
      name: 'standby projector takes over after kill -9 of the active one',
      unit: 'ms',
      runs: reports.map((r) => r.projectorKill?.takeoverMs ?? NaN),
      dataset,
      note: 'same host: the dead holder is seen at once; another host waits for the lease ttl (10 s)',
    },
    {
      item: ITEM,
      name: 'achieved send rate / acknowledged writes per second sustained',
      unit: 'writes/s',
      runs: reports.map((r) => r.ackRate),
      dataset,
      note: `sent at ${reports.map((r) => r.rate.toFixed(0)).join('/')} writes/s`,
    },
  ];
}

export const scaleOutBenchItem: FeatureBenchItem = { name: 'scale-out', run };
