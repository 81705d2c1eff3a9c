import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

function tighten(path: string): void {
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) {
      chmodSync(child, DIR_MODE);
      tighten(child);
    } else if (entry.isFile()) {
      chmodSync(child, FILE_MODE);
    }
  }
}

/**
 * The data dir holds the books of the firm's clients, names, e-mails and login secrets: only the
 * portal's own OS user may read it. Every file this process creates from now on is 0600 in 0700
 * folders (umask), and a data dir of an older version (0755/0644) is tightened once, at the start.
 */
export function secureDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: DIR_MODE });
  if ((statSync(dataDir).mode & 0o777) === DIR_MODE) return;
  chmodSync(dataDir, DIR_MODE);
  tighten(dataDir);
}
