import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const LISTEN = '0A';

function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      const local = columns[1];
      if (!local || columns[3] !== LISTEN) continue;
      if (Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port) inodes.add(columns[9] ?? '');
    }
  }
  return inodes;
}

/**
 * Whether process `pid` holds the socket listening on TCP `port`. A port from `freePort` is free only when asked: another
 * worker's portal may take it before ours binds, and then the other one answers our health check while ours exits with
 * EADDRINUSE. Where /proc cannot tell (not Linux), the answer is yes.
 */
export function listensOn(pid: number, port: number): boolean {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return !readableProc();
  }
  const inodes = listeningInodes(port);
  for (const fd of fds) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (target.startsWith('socket:[') && inodes.has(target.slice(8, -1))) return true;
    } catch {
      // closed meanwhile
    }
  }
  return false;
}

function readableProc(): boolean {
  try {
    readFileSync('/proc/net/tcp', 'utf8');
    return true;
  } catch {
    return false;
  }
}
