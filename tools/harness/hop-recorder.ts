import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { HOP_CHANNEL, onHopClock } from '@portal/event-store';

/**
 * Preloaded (`node --require`) into the processes of a bench run with `PORTAL_HOP_TRACE=<dir>`: keeps the hop
 * stamps the portal publishes (see `traceHop`) and the garbage collector's pauses, and writes them as JSON lines to
 * `<dir>/<instance>-<pid>.jsonl` once a second and at exit. A process killed with SIGKILL loses its last second.
 */
const dir = process.env.PORTAL_HOP_TRACE;
if (dir) {
  const name = process.env.PORTAL_INSTANCE_ID ?? basename(join(process.argv[1] ?? 'node', '..', '..'));
  const file = join(dir, `${name}-${process.pid}.jsonl`);
  let lines: string[] = [];
  const flush = () => {
    if (lines.length === 0) return;
    const text = lines.join('\n') + '\n';
    lines = [];
    try {
      appendFileSync(file, text);
    } catch {
      // The run's directory is gone: the bench is over.
    }
  };
  subscribe(HOP_CHANNEL, (message) => void lines.push(JSON.stringify(message)));
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const began = onHopClock(entry.startTime);
      lines.push(JSON.stringify({ hop: 'gc', began, at: began + entry.duration }));
    }
  }).observe({ entryTypes: ['gc'] });
  setInterval(flush, 1000).unref();
  process.on('exit', flush);
}
