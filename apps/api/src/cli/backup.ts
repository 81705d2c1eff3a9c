import { resolve } from 'node:path';
import { assertEmbeddedStores, backupDataDir } from '../platform/backup';

/** npm run backup -- <dir>: an online, consistent copy of PORTAL_DATA_DIR (default ./data) with a manifest. */
async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) throw new Error('usage: npm run backup -- <backup folder>');
  assertEmbeddedStores(process.env);
  const dataDir = resolve(process.env.PORTAL_DATA_DIR ?? 'data');
  const manifest = await backupDataDir(dataDir, resolve(target));
  const bytes = manifest.files.reduce((n, f) => n + f.bytes, 0);
  process.stdout.write(
    `Backed up ${dataDir} to ${resolve(target)}: ${manifest.files.length} files, ${(bytes / 1048576).toFixed(1)} MiB, event log up to position ${String(manifest.eventsHead)}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
