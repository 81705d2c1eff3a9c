import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@portal/contracts';

/**
 * Everything the portal reads from the environment (documented in the README). Unset production
 * variables mean the embedded default for that port.
 */
export interface PortalConfig {
  port: number;
  publicUrl: string;
  dataDir: string;
  /**
   * Which apps this process runs: all three in the default setup. PORTAL_ROLE=api runs the ocr-worker too when
   * no bus joins the processes (no KAFKA_BROKERS): its uploads would reach no other process.
   */
  roles: { api: boolean; projector: boolean; ocrWorker: boolean };
  /**
   * This api instance (PORTAL_INSTANCE_ID, default host name and port): its change-feed position is saved under
   * it, so a restart resumes there, and it names its Kafka consumer groups, which then resume from their offsets.
   */
  instanceId: string;
  /** How long the projector's writer lease holds without renewal (PORTAL_LEASE_TTL_MS, default 10 s). */
  leaseTtlMs: number | null;
  /**
   * How often SQLite followers look for commits of other processes without being woken (PORTAL_POLL_MS, default
   * 200 ms). A commit wakes the followers of every process on the host at once (the writer touches `<file>-wake`,
   * they watch it), so the poll only bounds the delay of a lost wake-up: 200 ms costs 5 looks a second per
   * follower instead of 100 at the 10 ms it took before the wake-up, when every change crossing processes waited
   * for it. Without a watch (no inotify) followers poll every 10 ms.
   */
  pollMs: number;
  eventStoreUrl: string | null;
  mongoUrl: string | null;
  mongoDb: string;
  kafkaBrokers: string[] | null;
  oidcIssuer: string | null;
  oidcClientId: string;
  oidcAudience: string;
  /**
   * Demo mode: demo companies and users with well-known passwords (password = user name) are seeded
   * on an empty store and their passwords accepted. Default on, except with NODE_ENV=production.
   */
  demoMode: boolean;
  seedDemoData: boolean;
  /** NODE_ENV=production: no demo mode, and operational endpoints closed unless configured. */
  production: boolean;
  /** Bearer token of GET /metrics (PORTAL_METRICS_TOKEN); without it /metrics is open in development and absent (404) in production. */
  metricsToken: string | null;
  /** Requests per minute and client address of the embedded provider: /oidc/auth and the login form. */
  rateLimits: { authorizePerMinute: number; loginPerMinute: number };
  /** Express `trust proxy`: false (default) ignores X-Forwarded-*; set PORTAL_TRUST_PROXY behind a reverse proxy. */
  trustProxy: boolean | number | string;
  /** A socket that does not sign in within this time is closed (PORTAL_UNAUTHENTICATED_SOCKET_MS, default 30 s). */
  unauthenticatedSocketMs: number;
  /** Generated invoices uploaded per demo company on the first start. */
  seedDocumentsPerCompany: number;
  webDist: string;
  commandWaitMs: number;
  brand: { short: string; name: string; docUrl: string; provider: string; primary: string };
  /** The firm's default time zone for every time shown and printed (PORTAL_TIME_ZONE, IANA name, default Europe/Vienna) until an administrator chooses one on screen. */
  timeZone: string;
  maxUploadBytes: number;
  /** Worker threads for finds and searches of the SQLite read store (PORTAL_READ_WORKERS, default 2; 0: on the event loop). */
  readWorkers: number;
  /** The event log's group commits in a thread of their own (PORTAL_APPEND_THREAD, default 1; 0: on the event loop). */
  appendThread: boolean;
  /** Largest upload request (all its files): PORTAL_MAX_REQUEST_BYTES, default 4 × the file limit. */
  maxRequestBytes: number;
  /** Outgoing mail (confirmation links): SMTP_URL (nodemailer URL, e.g. smtps://user:pass@mail.example:465); unset: the data dir's outbox. */
  mail: { smtpUrl: string | null; from: string };
  /** Scan intake: the SMTP listener (off unless a port is set) and the watched folders under the data dir. */
  scanIntake: {
    smtpPort: number | null;
    smtpHost: string;
    smtpTls: { keyFile: string; certFile: string } | null;
    folderPollMs: number;
    folderStableMs: number;
    /** Wrong secrets per source and per scanner within one window before 429 (SCAN_INTAKE_FAILURE_LIMIT, default 5). */
    failureLimit: number;
    /** The brake's window, and the span one summary of a scanner's refusals covers (SCAN_INTAKE_WINDOW_MS, default one minute). */
    windowMs: number;
  };
}

const flag = (value: string | undefined): boolean | null =>
  value === undefined || value === '' ? null : !['0', 'false', 'no', 'off'].includes(value.toLowerCase());

/** `1`/`true`: trust every hop; a number: that many hops; otherwise addresses or subnets (`loopback`, `10.0.0.0/8`). */
function trustProxyOf(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || ['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** A whole number of at least `min` from the environment, else the default; a bad value stops the start with its name. */
function count(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, got ${raw}`);
  return n;
}

/** The firm's slogan, per locale: on the sign-in and confirmation pages and in the config service. */
export const SLOGANS = { en: 'independent, competent, reliable.', de: 'unabhängig, kompetent, zuverlässig.' };

/** The brand's primary colour is #336699 unless the firm sets its own (#rrggbb). */
function colourOf(value: string | undefined): string {
  if (value === undefined || value === '') return '#336699';
  if (!/^#[0-9a-fA-F]{6}$/.test(value)) throw new Error(`PORTAL_BRAND_PRIMARY must be a colour like #336699, got ${value}`);
  return value;
}

/** The firm's time zone: Europe/Vienna unless PORTAL_TIME_ZONE names another the runtime knows. */
function timeZoneOf(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_TIME_ZONE;
  if (!isTimeZone(value)) throw new Error(`PORTAL_TIME_ZONE must be a time zone like Europe/Vienna, got ${value}`);
  return value;
}

const list = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : null;

export function loadPortalConfig(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  const port = Number(env.PORT ?? 3030);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const role = env.PORTAL_ROLE ?? 'all';
  if (!['all', 'api', 'projector', 'ocr-worker'].includes(role)) throw new Error(`PORTAL_ROLE must be all, api, projector or ocr-worker, got ${role}`);
  const kafkaBrokers = list(env.KAFKA_BROKERS);
  const repoRoot = resolve(__dirname, '../../../..');
  const demoMode = flag(env.PORTAL_DEMO) ?? (env.NODE_ENV !== 'production' && env.PORTAL_SEED !== '0');
  return {
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: resolve(env.PORTAL_DATA_DIR ?? 'data'),
    roles: {
      api: role === 'all' || role === 'api',
      projector: role === 'all' || role === 'projector',
      ocrWorker: role === 'all' || role === 'ocr-worker' || (role === 'api' && !kafkaBrokers),
    },
    instanceId: env.PORTAL_INSTANCE_ID || `${hostname()}:${port}`,
    leaseTtlMs: env.PORTAL_LEASE_TTL_MS ? count(env, 'PORTAL_LEASE_TTL_MS', 10_000, 100) : null,
    pollMs: count(env, 'PORTAL_POLL_MS', 200),
    eventStoreUrl: env.EVENTSTORE_URL || null,
    mongoUrl: env.MONGO_URL || null,
    mongoDb: env.MONGO_DB ?? 'tax-portal',
    kafkaBrokers,
    oidcIssuer: env.OIDC_ISSUER || null,
    oidcClientId: env.OIDC_CLIENT_ID ?? 'tax-portal',
    oidcAudience: env.OIDC_AUDIENCE ?? 'tax-portal-api',
    demoMode,
    seedDemoData: demoMode,
    production: env.NODE_ENV === 'production',
    metricsToken: env.PORTAL_METRICS_TOKEN || null,
    rateLimits: { authorizePerMinute: count(env, 'PORTAL_AUTHORIZE_PER_MINUTE', 60), loginPerMinute: count(env, 'PORTAL_LOGIN_PER_MINUTE', 30) },
    trustProxy: trustProxyOf(env.PORTAL_TRUST_PROXY),
    unauthenticatedSocketMs: Number(env.PORTAL_UNAUTHENTICATED_SOCKET_MS ?? 30_000),
    seedDocumentsPerCompany: Number(env.PORTAL_SEED_DOCUMENTS ?? 40),
    webDist: resolve(env.PORTAL_WEB_DIST ?? resolve(repoRoot, 'apps/web/dist')),
    commandWaitMs: Number(env.PORTAL_COMMAND_WAIT_MS ?? 5000),
    brand: {
      short: env.PORTAL_BRAND_SHORT ?? 'KanzleiPortal',
      name: env.PORTAL_BRAND_NAME ?? 'Huber & Partner Steuerberatung',
      docUrl: env.PORTAL_DOC_URL ?? 'https://wiki.example.com/portal',
      provider: env.PORTAL_PROVIDER ?? 'huber-partner',
      primary: colourOf(env.PORTAL_BRAND_PRIMARY),
    },
    timeZone: timeZoneOf(env.PORTAL_TIME_ZONE),
    maxUploadBytes: Number(env.PORTAL_MAX_UPLOAD_BYTES ?? 25 * 1024 * 1024),
    readWorkers: Number(env.PORTAL_READ_WORKERS ?? 2),
    appendThread: env.PORTAL_APPEND_THREAD !== '0',
    maxRequestBytes: Number(env.PORTAL_MAX_REQUEST_BYTES ?? 4 * Number(env.PORTAL_MAX_UPLOAD_BYTES ?? 25 * 1024 * 1024)),
    mail: {
      smtpUrl: env.SMTP_URL || null,
      from: env.MAIL_FROM || `"${env.PORTAL_BRAND_SHORT ?? 'KanzleiPortal'}" <no-reply@${new URL(env.PUBLIC_URL ?? `http://localhost:${port}`).hostname}>`,
    },
    scanIntake: {
      smtpPort: env.SCAN_SMTP_PORT ? Number(env.SCAN_SMTP_PORT) : null,
      smtpHost: env.SCAN_SMTP_HOST ?? '127.0.0.1',
      smtpTls: env.SCAN_SMTP_TLS_KEY && env.SCAN_SMTP_TLS_CERT ? { keyFile: env.SCAN_SMTP_TLS_KEY, certFile: env.SCAN_SMTP_TLS_CERT } : null,
      folderPollMs: Number(env.SCAN_FOLDER_POLL_MS ?? 2000),
      folderStableMs: Number(env.SCAN_FOLDER_STABLE_MS ?? 2000),
      failureLimit: Math.max(1, Number(env.SCAN_INTAKE_FAILURE_LIMIT ?? 5) || 5),
      windowMs: Math.max(1000, Number(env.SCAN_INTAKE_WINDOW_MS ?? 60_000) || 60_000),
    },
  };
}
