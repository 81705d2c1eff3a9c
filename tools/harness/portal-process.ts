import { startPortal } from './proc';

export interface PortalProcess {
  url: string;
  port: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  token(username: string): Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<void>;
  output(): string;
}

/**
 * How long a spec's beforeAll gives a portal to start: seconds alone, minutes while other builds and tests share
 * the 2 cores, and the first start of a run also seeds the data dir the others copy.
 */
export const PORTAL_START_MS = 480_000;

/** Starts the built portal (apps/api/dist) as a real process on a free port with its own data dir. */
export async function startPortalProcess(options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<PortalProcess> {
  return startPortal({ ...options, timeoutMs: 180_000 });
}
