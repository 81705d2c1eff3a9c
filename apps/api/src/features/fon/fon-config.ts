import { hostname } from 'node:os';
import type { FinanzOnlineConfig } from './finanzonline/finanzonline-client';

/** FON monitoring's variables (README "Configuration"). */
export interface FonConfig {
  /** The FinanzOnline web services; null (FON_HERSTELLER_ID unset): web-service imports use the sandbox in demo mode, else are refused. */
  finanzOnline: FinanzOnlineConfig | null;
  /** How long the demo sandbox takes to answer, like the eight SOAP calls of a real fetch (FON_SANDBOX_DELAY_MS). */
  sandboxDelayMs: number;
  /** Largest FON or NTCS file (FON_MAX_FILE_BYTES). */
  maxFileBytes: number;
  /**
   * This portal process among several, the same after its restart (PORTAL_INSTANCE_ID; default host name and
   * port): a restart fails only its own interrupted import jobs, and the ones of a process that went quiet.
   */
  instanceId: string;
}

export function fonConfigFromEnv(env: NodeJS.ProcessEnv = process.env): FonConfig {
  const hersteller = env.FON_HERSTELLER_ID?.trim();
  return {
    finanzOnline: hersteller
      ? {
          herstellerId: hersteller,
          sessionUrl: env.FON_SESSION_URL || 'https://finanzonline.bmf.gv.at/fonws/ws/session',
          databoxUrl: env.FON_DATABOX_URL || 'https://finanzonline.bmf.gv.at/fon/ws/databox',
          timeoutMs: Number(env.FON_TIMEOUT_MS ?? 30_000),
        }
      : null,
    sandboxDelayMs: Number(env.FON_SANDBOX_DELAY_MS ?? 8000),
    maxFileBytes: Number(env.FON_MAX_FILE_BYTES ?? 50 * 1024 * 1024),
    instanceId: env.PORTAL_INSTANCE_ID?.trim() || `${hostname()}:${env.PORT ?? 3030}`,
  };
}
