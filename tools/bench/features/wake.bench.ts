import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileWake, SqliteEventStore } from '@portal/event-store';
import type { FeatureBenchItem } from '../feature-items';
import type { Figure, Options } from '../items';
import { percentile, sortNumbers } from '../stats';

const ITEM = 61;
const CHILD = join(__dirname, 'wake.bench-child.js');
const IDLE_MS = 5000;

interface HopRun {
  latencies: number[];
  idleCpuMsPerSecond: number;
}

const now = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One process appends at `perSecond`, a child process follows the log: the hop the projector makes in a split deployment. */
async function hop(pollMs: number, writes: number, perSecond: number): Promise<HopRun> {
  const dir = mkdtempSync(join(tmpdir(), 'wake-bench-'));
  const file = join(dir, 'events.sqlite');
  const writer = new SqliteEventStore(file, { synchronous: 'NORMAL' });
  try {
    await writer.append('start', [{ type: 'Started', data: { t: now() }, metadata: metadata(0) }], 'any');
    const child = fork(CHILD, [file, String(pollMs), String(IDLE_MS)], { stdio: 'inherit' });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`the wake child exited with ${String(code)}`)));
    });
    for (let i = 1; i <= writes; i++) {
      // The commit runs on the next turn of the event loop: `t` is taken just before it.
      await writer.append(`s-${i}`, [{ type: 'Counted', data: { t: now() }, metadata: metadata(i) }], 'any');
      await sleep(1000 / perSecond);
    }
    await sleep(500);
    const result = new Promise<HopRun>((resolve) => child.once('message', (message) => resolve(message as HopRun)));
    child.send('done');
    return await result;
  } finally {
    await writer.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function metadata(n: number) {
  return { userId: 'bench', clientNo: null, time: new Date().toISOString(), commandId: `wake-${n}`, correlationId: 'wake', hash: 'h', prevHash: null };
}

/**
 * One cross-process hop of the scale-out path (an append in one process → its delivery to a subscription in
 * another), woken through the watched `-wake` file with the 200 ms fallback poll, against the 10 ms poll without
 * a wake-up that came before it (the writer's touch switched off in this process only); and the CPU the
 * following process spends while nothing is written.
 */
async function run(options: Options): Promise<Figure[]> {
  const writes = options.quick ? 100 : 300;
  const perSecond = 20;
  const runs = options.quick ? 1 : Math.max(2, Math.min(options.runs, 3));
  const touch = FileWake.prototype.touch;
  const woken: HopRun[] = [];
  const polled: HopRun[] = [];
  for (let i = 0; i < runs; i++) {
    woken.push(await hop(200, writes, perSecond));
    FileWake.prototype.touch = () => undefined;
    try {
      polled.push(await hop(10, writes, perSecond));
    } finally {
      FileWake.prototype.touch = touch;
    }
    options.log(`wake: run ${i + 1} of ${runs} done`);
  }
  const dataset = `${writes} appends at ${perSecond}/s, writer and follower in two processes, one SQLite file`;
  const figures = (label: string, set: HopRun[]): Figure[] => [
    {
      item: ITEM,
      name: `cross-process hop, ${label}: p50`,
      unit: 'ms',
      runs: set.map((r) => percentile(sortNumbers(r.latencies), 50)),
      dataset,
    },
    {
      item: ITEM,
      name: `cross-process hop, ${label}: p99`,
      unit: 'ms',
      runs: set.map((r) => percentile(sortNumbers(r.latencies), 99)),
      dataset,
      note: `delivered ${set.map((r) => r.latencies.length).join('/')} of ${writes}`,
    },
    {
      item: ITEM,
      name: `idle follower process, ${label}: CPU`,
      unit: 'ms/s',
      runs: set.map((r) => r.idleCpuMsPerSecond),
      dataset: `one event-log subscription, nothing written for ${IDLE_MS / 1000} s`,
    },
  ];
  return [...figures('woken (fallback poll 200 ms)', woken), ...figures('poll every 10 ms, no wake-up (before)', polled)];
}

export const wakeBenchItem: FeatureBenchItem = { name: 'wake', run };
