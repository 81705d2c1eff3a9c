import { SqliteEventStore } from '@portal/event-store';

/**
 * node wake.bench-child.js <events.sqlite> <poll ms> <idle ms>: a subscription to the event log of another
 * process, as the projector has it. Measures its own CPU while nothing is written for <idle ms>, then says
 * `ready`; records, per delivered event, the host clock minus the event's `data.t` (set by the writer just
 * before its commit); on `done` sends `{ idleCpuMsPerSecond, latencies }` and exits.
 */
const now = (): number => performance.timeOrigin + performance.now();

async function main(): Promise<void> {
  const [file, pollMs, idleMs] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4])];
  const store = new SqliteEventStore(file, { pollIntervalMs: pollMs });
  const latencies: number[] = [];
  const subscription = store.subscribeToAll({
    after: await store.headPosition(),
    onEvents: (events) => {
      const at = now();
      for (const event of events) latencies.push(at - Number(event.data['t']));
    },
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const used = process.cpuUsage(started);
  const idleCpuMsPerSecond = (used.user + used.system) / 1000 / (idleMs / 1000);
  process.on('message', (message) => {
    if (message !== 'done') return;
    void subscription
      .close()
      .then(() => store.close())
      .then(() => process.send!({ idleCpuMsPerSecond, latencies }, () => process.exit(0)));
  });
  process.send!('ready');
}

void main();
