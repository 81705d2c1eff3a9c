import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { assertEmbeddedStores, restoreDataDir } from '../platform/backup';

const REPLAY_CLI = resolve(__dirname, '../../../projector/dist/cli/replay.js');

/**
 * npm run restore -- <dir>: checks the backup against its manifest (refuses a damaged one), copies it into
 * PORTAL_DATA_DIR (which must be new or empty), then replays the log and compares with the restored read models.
 */
async function main(): Promise<void> {
  const backup = process.argv[2];
  if (!backup) throw new Error('usage: PORTAL_DATA_DIR=<new dir> npm run restore -- <backup folder>');
  assertEmbeddedStores(process.env);
  const dataDir = resolve(process.env.PORTAL_DATA_DIR ?? 'data');
  const manifest = await restoreDataDir(resolve(backup), dataDir);
  process.stdout.write(`Restored ${manifest.files.length} files of the backup of ${manifest.createdAt} into ${dataDir}; checking by replay:\n`);
  const replay = spawnSync(process.execPath, [REPLAY_CLI, '--data-dir', dataDir], { stdio: 'inherit' });
  if (replay.status !== 0) throw new Error('the replay of the restored log does not match its read models');
  process.stdout.write('Restore checked: the replayed read models match.\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
