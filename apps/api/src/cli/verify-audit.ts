import { join, resolve } from 'node:path';
import { SqliteEventStore, verifyChain, type RecordedEvent } from '@portal/event-store';

/**
 * npm run verify-audit [-- --data-dir DIR]
 * Recomputes every stream's hash chain and reports any break with stream and revision.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const i = args.indexOf('--data-dir');
  const dataDir = resolve(i >= 0 && args[i + 1] ? args[i + 1]! : process.env.PORTAL_DATA_DIR ?? 'data');
  const events = new SqliteEventStore(join(dataDir, 'events.sqlite'), { synchronous: 'NORMAL' });
  const streams = new Map<string, RecordedEvent[]>();
  let total = 0;
  for (let after: number | null = null; ; ) {
    const page = await events.readAll(after, 10_000);
    if (page.length === 0) break;
    for (const e of page) {
      const list = streams.get(e.streamId) ?? [];
      list.push(e);
      streams.set(e.streamId, list);
    }
    total += page.length;
    after = page[page.length - 1]!.position;
  }
  let broken = 0;
  for (const [streamId, list] of streams) {
    const verdict = verifyChain(list);
    if (!verdict.ok) {
      broken++;
      const at = list.find((e) => e.revision === verdict.revision);
      process.stdout.write(`BROKEN ${streamId} at revision ${verdict.revision}${at ? ` (position ${at.position})` : ''}: ${verdict.reason}\n`);
    }
  }
  await events.close();
  process.stdout.write(`${streams.size} streams, ${total} events checked: ${broken === 0 ? 'every hash chain intact' : `${broken} broken`}\n`);
  process.exitCode = broken === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`verify-audit failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(2);
});
