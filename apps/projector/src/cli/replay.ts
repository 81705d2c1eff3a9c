import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SqliteEventStore } from '@portal/event-store';
import { SqliteReadStore, type ReadStore } from '@portal/read-store';
import { replayInto } from '../runtime/replay';
import { ALL_PROJECTIONS } from '../projections';

/**
 * npm run replay [-- --data-dir DIR] [--events FILE]
 * Rebuilds every read model from the event log into a fresh store, prints events per second and
 * a checksum per collection, and compares them with the live read models.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const dataDir = resolve(option('--data-dir') ?? process.env.PORTAL_DATA_DIR ?? 'data');
  const eventsFile = option('--events') ?? join(dataDir, 'events.sqlite');
  const events = new SqliteEventStore(eventsFile, { synchronous: 'NORMAL' });
  const scratch = mkdtempSync(join(tmpdir(), 'portal-replay-'));
  const target = new SqliteReadStore(join(scratch, 'replay.sqlite'));
  const collections = ALL_PROJECTIONS.flatMap((p) => p.collections.map((c) => c.name));
  try {
    const report = await replayInto(events, target, ALL_PROJECTIONS);
    const seconds = report.ms / 1000;
    process.stdout.write(`Replayed ${report.events} events in ${seconds.toFixed(2)} s: ${Math.round(report.events / Math.max(seconds, 1e-6))} events/s, peak RSS ${Math.round(report.peakRssBytes / 1048576)} MiB\n`);
    const live: ReadStore | null = option('--events') ? null : new SqliteReadStore(join(dataDir, 'read-models.sqlite'));
    await live?.ensureCollections(ALL_PROJECTIONS.flatMap((p) => p.collections));
    let mismatches = 0;
    for (const name of collections) {
      const replayed = await target.checksum(name);
      const current = live ? await live.checksum(name) : null;
      const verdict = current === null ? '' : current === replayed ? '  live: match' : '  live: DIFFERS';
      if (current !== null && current !== replayed) mismatches++;
      process.stdout.write(`${name.padEnd(22)} ${replayed}${verdict}\n`);
    }
    await live?.close();
    process.exitCode = mismatches > 0 ? 1 : 0;
  } finally {
    await target.close();
    await events.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`replay failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
