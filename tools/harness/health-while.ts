import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * The poller's own thread: GET /health one request after the other (10 ms apart) until told to stop, then the
 * response times (ms). It runs apart from the spec's event loop, which builds and sends the upload itself (an
 * 8 MB form body held it for about 250 ms on a quiet machine): /health then times the portal, not the uploader.
 */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
let stopped = false;
parentPort.once('message', () => { stopped = true; });
const poll = async () => { const res = await fetch(workerData.url + '/health'); await res.arrayBuffer(); };
(async () => {
  // The first request loads the HTTP client: not a response time of the portal.
  await poll();
  parentPort.postMessage({ ready: true });
  const times = [];
  while (!stopped) {
    const started = performance.now();
    await poll();
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage({ times });
})().catch((e) => parentPort.postMessage({ error: String(e) }));
`;

type PollerAnswer = { ready: true } | { times: number[] } | { error: string };

/** Starts the poller; resolves once it polls, with a stop that answers its response times. */
async function startPoller(url: string): Promise<() => Promise<number[]>> {
  const worker = new Worker(POLLER, { eval: true, workerData: { url } });
  const answers: PollerAnswer[] = [];
  const waiting: Array<() => void> = [];
  worker.on('message', (a: PollerAnswer) => (answers.push(a), waiting.shift()?.()));
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  failed.catch(() => undefined);
  const next = async (): Promise<PollerAnswer> => {
    if (answers.length === 0) await Promise.race([new Promise<void>((r) => waiting.push(r)), failed]);
    const answer = answers.shift()!;
    if ('error' in answer) throw new Error(`/health poller: ${answer.error}`);
    return answer;
  };
  try {
    await next();
  } catch (e) {
    await worker.terminate();
    throw e;
  }
  return async () => {
    worker.postMessage('stop');
    try {
      const answer = await next();
      return 'times' in answer ? answer.times : [];
    } finally {
      await worker.terminate();
    }
  };
}

/** Polls GET /health one request after the other, from a thread of its own, while `work` runs: the work's answer and the response times (ms). */
export async function healthWhile<T>(url: string, work: () => Promise<T>): Promise<{ result: T; p99: number; max: number; polls: number }> {
  const stop = await startPoller(url);
  let result: T;
  let times: number[];
  try {
    result = await work();
  } finally {
    times = await stop();
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    result,
    p99: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
    polls: sorted.length,
  };
}

/**
 * The goal (/health p99 under 50 ms during an upload) holds for a machine of its own. Where other work loads the
 * cores (load average above their number), /health is slow with nothing to do too: then specs check the weaker
 * bound, that no /health request waits through a large part of the work.
 */
export const quietMachine = (): boolean => loadavg()[0]! <= cpus().length;

/** /health with nothing else to do, for comparison: on a machine others load too, this is the floor. */
export async function idleHealth(url: string): Promise<string> {
  const { p99, max, polls } = await healthWhile(url, () => new Promise((r) => setTimeout(r, 3_000)));
  return `idle /health p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms over ${polls} polls (load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`;
}

/**
 * What work on the event loop would break, asserted: no /health request waits through a large part of the work (a
 * third of it, and at least a second — parsing an 8 MB statement on the loop stalled it 12.8 s). The 50 ms p99
 * goal is a figure, printed with its goal (performance is measured by `npm run bench`, not asserted in tests).
 */
export function expectResponsive(figures: { p99: number; max: number }, workMs: number): void {
  const where = quietMachine() ? 'a quiet machine' : `load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
  console.log(`/health p99 ${figures.p99.toFixed(1)} ms during the work (goal 50 ms), on ${where}`);
  expect(figures.max).toBeLessThan(Math.max(workMs / 3, 1_000));
}
