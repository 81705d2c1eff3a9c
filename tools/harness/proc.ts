import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { extractionSettled } from './extraction-settled';
import { listensOn } from './listener';
import { seededTemplate } from './seeded-template';

/** Repository root: the nearest folder above with the lock file (this file runs from tools/harness in Jest and from tools/dist/harness when built). */
export const ROOT = repositoryRoot(__dirname);
export const API_MAIN = join(ROOT, 'apps/api/dist/main.js');
export const TOKEN_CLI = join(ROOT, 'apps/api/dist/cli/token.js');
export const PROJECTOR_MAIN = join(ROOT, 'apps/projector/dist/main.js');
/** Preloaded into the processes of a run that stamps hops (see tools/harness/hop-recorder.ts). */
export const HOP_RECORDER = join(ROOT, 'tools/dist/harness/hop-recorder.js');
export const REPLAY_CLI = join(ROOT, 'apps/projector/dist/cli/replay.js');

function repositoryRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package-lock.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package-lock.json above ${from}`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export { sleep };

/** Every child this process started; killed on exit whatever happens. */
const children = new Set<ChildProcess>();
let hooked = false;
function track(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (hooked) return;
  hooked = true;
  const killAll = () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  };
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

export function killAllChildren(): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** VmRSS (or another /proc status field, e.g. VmHWM) of a process, in bytes; null once it is gone. */
export function procStatusBytes(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** CPU milliseconds a process has used so far, all its threads (user + system, /proc/<pid>/stat); null once it is gone or off Linux. */
export function procCpuMs(pid: number): number | null {
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks (100 per second on Linux), counted after the command name.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((r) => child.once('exit', (code) => r(code)));
}

export interface PortalProc {
  url: string;
  port: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  child: ChildProcess;
  pid: number;
  /** ms from spawn until GET /health answered 200. */
  startMs: number;
  token(username: string): Promise<string>;
  rss(): number | null;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Stops the process; removes the data dir when this helper created it. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface PortalOptions {
  dataDir?: string;
  port?: number;
  env?: NodeJS.ProcessEnv;
  /** Path polled until it answers 200; default /health. */
  readyPath?: string;
  timeoutMs?: number;
  keepOutput?: boolean;
}

/** How long the start that seeds the run's template may take (as long as PortalSession's, on a machine under load). */
const SEEDING_START_MS = 180_000;

/** Spawns the built portal (apps/api/dist/main.js) on a free port and waits until it serves. */
export async function startPortal(options: PortalOptions = {}): Promise<PortalProc> {
  if (!existsSync(API_MAIN)) throw new Error('apps/api/dist is missing: run `npm run build:server` first.');
  const port = options.port ?? (await freePort());
  const ownDir = !options.dataDir;
  // Under Jest, a start with the demo defaults and no or one demo document per company begins from the run's data dir
  // seeded that way, like the specs' PortalSession: seeding by commands took most of the start of the fault specs that
  // boot one (uploads, tokens, protocol abuse, races). Outside Jest (benchmarks) there is no template and each start seeds.
  const template = ownDir
    ? await seededTemplate({ ...options.env }, async (dir, documents) => {
        const seeding = await startPortal({
          dataDir: dir,
          env: { PORTAL_SEED_DOCUMENTS: documents },
          timeoutMs: Math.max(options.timeoutMs ?? 0, SEEDING_START_MS),
        });
        await extractionSettled(seeding.url);
        await seeding.stop();
      })
    : null;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-bench-'));
  if (template) cpSync(template, dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), PORTAL_DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, ...options.env };
  const t0 = performance.now();
  const { child, output } = spawnNode(API_MAIN, [], env);
  const url = `http://localhost:${port}`;
  const readyPath = options.readyPath ?? '/health';
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      // Another process took the free port before ours bound it: start again on another one.
      if (options.port === undefined && output().includes('EADDRINUSE')) {
        if (ownDir) rmSync(dataDir, { recursive: true, force: true });
        return startPortal(options);
      }
      throw new Error(`portal exited with ${String(child.exitCode ?? child.signalCode)}:\n${output()}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`portal did not answer ${readyPath} within the time limit:\n${output()}`);
    }
    try {
      const res = await fetch(`${url}${readyPath}`);
      await res.arrayBuffer();
      if (res.ok && listensOn(child.pid!, port)) break;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  const startMs = performance.now() - t0;
  // Access tokens live 5 minutes and the gateway signs a connection out when its token expires: reuse one for a minute at most.
  const tokenCache = new Map<string, { token: string; at: number }>();
  const proc: PortalProc = {
    url,
    port,
    dataDir,
    env,
    child,
    pid: child.pid!,
    startMs,
    output,
    rss: () => procStatusBytes(child.pid!),
    async token(username: string) {
      const cached = tokenCache.get(username);
      if (cached && Date.now() - cached.at < 60_000) return cached.token;
      const { stdout } = await promisify(execFile)(process.execPath, [TOKEN_CLI, username], { env });
      const token = stdout.trim();
      tokenCache.set(username, { token, at: Date.now() });
      return token;
    },
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) {
        const done = exited(child);
        child.kill(signal);
        await done;
      }
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        const done = exited(child);
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await done;
        clearTimeout(timer);
      }
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return proc;
}

/** Issues a token with the token CLI for a portal that may not be running (same env). */
export async function tokenFor(env: NodeJS.ProcessEnv, username: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [TOKEN_CLI, username], { env });
  return stdout.trim();
}

/** Spawns a node script as a tracked child (killed when this process exits). */
export function spawnNode(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): { child: ChildProcess; output(): string } {
  const child = spawn(process.execPath, [script, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  track(child);
  let out = '';
  const keep = (d: Buffer) => {
    out += d.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, output: () => out };
}

/** Runs a node script to its end; resolves with exit code, output and the child's peak RSS (VmHWM, polled). */
export async function runNode(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 30 * 60_000,
): Promise<{ code: number | null; output: string; peakRssBytes: number; ms: number }> {
  const t0 = performance.now();
  const { child, output } = spawnNode(script, args, env);
  let peak = 0;
  const poll = setInterval(() => {
    const hwm = procStatusBytes(child.pid!, 'VmHWM');
    if (hwm !== null) peak = Math.max(peak, hwm);
  }, 100);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await exited(child);
  clearInterval(poll);
  clearTimeout(timer);
  return { code, output: output(), peakRssBytes: peak, ms: performance.now() - t0 };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
