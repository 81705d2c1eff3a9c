import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, ROOT } from './proc';
import { extractionSettled } from './extraction-settled';
import { seededTemplate } from './seeded-template';

const MAIN = join(ROOT, 'apps/api/dist/main.js');
const TOKEN_CLI = join(ROOT, 'apps/api/dist/cli/token.js');

export interface PortalProcess {
  url: string;
  port: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  token(username: string): Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<void>;
  output(): string;
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`portal did not become healthy within ${timeoutMs} ms:\n${log()}`);
}

/**
 * How long a spec's beforeAll gives a portal to start: seconds alone, minutes while other builds and tests share
 * the 2 cores, and the first start of a run also seeds the data dir the others copy.
 */
export const PORTAL_START_MS = 480_000;

/** Starts the built portal (apps/api/dist) as a real process on a free port with its own data dir. */
export async function startPortalProcess(options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<PortalProcess> {
  if (!existsSync(MAIN)) throw new Error('apps/api/dist is missing: run `npm run build:server` before the integration tests (npm test does).');
  const port = await freePort();
  const template = options.dataDir
    ? null
    : await seededTemplate({ ...options.env }, async (dir, documents) => {
        const seeding = await startPortalProcess({ dataDir: dir, env: { PORTAL_SEED_DOCUMENTS: documents } });
        await extractionSettled(seeding.url);
        await seeding.stop();
      });
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-it-'));
  if (template) cpSync(template, dataDir, { recursive: true });
  const env = { ...process.env, PORT: String(port), PORTAL_DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, ...options.env };
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://localhost:${port}`;
  await waitForHealth(url, child, () => out, 180_000);
  return {
    url,
    port,
    dataDir,
    env,
    output: () => out,
    async token(username: string) {
      const { stdout } = await promisify(execFile)(process.execPath, [TOKEN_CLI, username], { env });
      return stdout.trim();
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill(signal);
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
