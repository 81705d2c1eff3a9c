import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SqliteEventStore, verifyChain, type RecordedEvent } from '@portal/event-store';

/**
 * Recomputes every stream's hash chain in `<dataDir>/events.sqlite`, writes one line per broken
 * stream (stream, revision, position, reason) and a summary; resolves to the exit code:
 * 0 every chain intact, 1 at least one broken, 2 no event store.
 */
export async function verifyAudit(dataDir: string, write: (line: string) => void): Promise<number> {
  const file = join(dataDir, 'events.sqlite');
  if (!existsSync(file)) {
    write(`No event store at ${file}`);
    return 2;
  }
  const events = new SqliteEventStore(file, { synchronous: 'NORMAL' });
  try {
    const streams = new Map<string, RecordedEvent[]>();
    let total = 0;
    for (let after: number | null = null; ;) {
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
      if (verdict.ok) continue;
      broken++;
      const at = list.find((e) => e.revision === verdict.revision);
      write(`BROKEN ${streamId} at revision ${verdict.revision}${at ? ` (position ${at.position})` : ''}: ${verdict.reason}`);
    }
    write(`${streams.size} streams, ${total} events checked: ${broken === 0 ? 'every hash chain intact' : `${broken} broken`}`);
    return broken === 0 ? 0 : 1;
  } finally {
    await events.close();
  }
}

/** npm run verify-audit [-- --data-dir DIR]; the default is PORTAL_DATA_DIR, else ./data. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const i = args.indexOf('--data-dir');
  const dataDir = resolve(i >= 0 && args[i + 1] ? args[i + 1]! : (process.env.PORTAL_DATA_DIR ?? 'data'));
  process.exitCode = await verifyAudit(dataDir, (line) => process.stdout.write(`${line}\n`));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`verify-audit failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(2);
  });
}
