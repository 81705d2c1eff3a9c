import { createHash } from 'node:crypto';
import { copyFileSync, createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import Database from 'better-sqlite3';

export const MANIFEST = 'manifest.json';

/** Backup and restore copy the embedded stores; with a production adapter its own tools keep the data. */
export function assertEmbeddedStores(env: NodeJS.ProcessEnv): void {
  const external = ['EVENTSTORE_URL', 'MONGO_URL'].filter((name) => env[name]);
  if (external.length > 0) {
    throw new Error(
      `${external.join(' and ')} ${external.length > 1 ? 'are' : 'is'} set: back up EventStoreDB and MongoDB with their own tools (and the blobs and credentials of PORTAL_DATA_DIR with this command only without them).`,
    );
  }
}
/**
 * Every SQLite file of a data dir, each copied through SQLite's backup API (WAL included). Read models
 * first, then the log: the log in a backup always covers what its read models include. Then the
 * credential store (passwords, second factors) and the provider's sessions, both in WAL mode: a plain
 * file copy would miss what is still in their -wal files.
 */
const DATABASES = ['read-models.sqlite', 'events.sqlite', 'credentials.sqlite', 'oidc.sqlite'];

export interface BackupFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: 'tax-portal-backup/1';
  createdAt: string;
  /** Position of the newest event in the copied log. */
  eventsHead: number | null;
  files: BackupFile[];
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

function filesBelow(root: string, dir = root): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesBelow(root, path);
    return entry.isFile() ? [relative(root, path)] : [];
  });
}

/**
 * An online, consistent copy of a data dir while the portal runs: each SQLite file through SQLite's
 * backup API (a snapshot, WAL included; see DATABASES for the order); then the blobs (content-addressed,
 * never changed; uploads store the blob before their event, so every blob the copied log names is there)
 * and the other files (provider keys). A manifest lists every file with its size and sha256.
 */
export async function backupDataDir(dataDir: string, target: string, now: Date = new Date()): Promise<BackupManifest> {
  if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`The backup folder ${target} is not empty.`);
  mkdirSync(target, { recursive: true });
  for (const name of DATABASES) {
    if (!existsSync(join(dataDir, name))) continue;
    const db = new Database(join(dataDir, name), { readonly: true, fileMustExist: true });
    try {
      await db.backup(join(target, name));
    } finally {
      db.close();
    }
  }
  const copied = new Set(DATABASES);
  for (const path of filesBelow(dataDir)) {
    if (copied.has(path) || path.startsWith('incoming/') || /\.sqlite-(wal|shm|journal)$/.test(path) || DATABASES.some((d) => path.startsWith(`${d}-`)))
      continue;
    mkdirSync(dirname(join(target, path)), { recursive: true });
    copyFileSync(join(dataDir, path), join(target, path));
  }
  let eventsHead: number | null = null;
  if (existsSync(join(target, 'events.sqlite'))) {
    const events = new Database(join(target, 'events.sqlite'), { readonly: true });
    eventsHead = (events.prepare('SELECT MAX(position) FROM events').pluck().get() as number | null) ?? null;
    events.close();
  }
  const files: BackupFile[] = [];
  for (const path of filesBelow(target).sort()) files.push({ path, bytes: statSync(join(target, path)).size, sha256: await sha256Of(join(target, path)) });
  const manifest: BackupManifest = { format: 'tax-portal-backup/1', createdAt: now.toISOString(), eventsHead, files };
  writeFileSync(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Every problem of a backup folder against its manifest: missing, changed, or unlisted files. */
export async function verifyBackup(backup: string): Promise<{ manifest: BackupManifest | null; problems: string[] }> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(join(backup, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    return { manifest: null, problems: [`${MANIFEST} is missing or not JSON.`] };
  }
  if (manifest.format !== 'tax-portal-backup/1' || !Array.isArray(manifest.files))
    return { manifest: null, problems: [`${MANIFEST} is not a tax-portal backup manifest.`] };
  const problems: string[] = [];
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const file of manifest.files) {
    const path = join(backup, file.path);
    if (!existsSync(path)) problems.push(`${file.path} is missing.`);
    else if (statSync(path).size !== file.bytes || (await sha256Of(path)) !== file.sha256) problems.push(`${file.path} does not match its checksum.`);
  }
  for (const path of filesBelow(backup)) if (path !== MANIFEST && !listed.has(path)) problems.push(`${path} is not in the manifest.`);
  return { manifest, problems };
}

/** Copies a verified backup into an empty data dir; refuses a damaged backup or a used data dir. */
export async function restoreDataDir(backup: string, dataDir: string): Promise<BackupManifest> {
  const { manifest, problems } = await verifyBackup(backup);
  if (!manifest || problems.length > 0) throw new Error(`The backup in ${backup} is damaged: ${problems.join(' ')}`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new Error(`The data dir ${dataDir} is not empty; restore into a new one.`);
  for (const file of manifest.files) {
    mkdirSync(dirname(join(dataDir, file.path)), { recursive: true });
    copyFileSync(join(backup, file.path), join(dataDir, file.path));
  }
  return manifest;
}
