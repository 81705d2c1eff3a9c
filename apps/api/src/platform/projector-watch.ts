import { hostname } from 'node:os';
import type { LeaseState, Leases } from '@portal/read-store';

export interface ProjectorWatchOptions {
  leases: Pick<Leases, 'current'>;
  /** `SQLite` or `MongoDB`: SQLite's file locks hold only between processes of one host. */
  readStore: string;
  warn(message: string): void;
  log(message: string): void;
  /** First look after this long (a projector started with this api needs a moment to take the lease); default 15 s. */
  firstLookMs?: number;
  /** Then every this long; default 60 s. */
  everyMs?: number;
  host?: string;
  now?: () => number;
}

/**
 * What an api process that does not project should tell the operator about the projector it depends on, or
 * null when all is well: without a live holder of the read store's writer lease nothing projects (no push, every
 * reply waits its full time); a projector on another host over one SQLite file shares no reliable feed.
 */
export function projectorProblem(lease: LeaseState | null, readStore: string, host: string, now: number): string | null {
  if (!lease || lease.expiresAt <= now) {
    const where = readStore === 'SQLite' ? 'the same PORTAL_DATA_DIR' : 'the same MONGO_URL and MONGO_DB';
    return `No projector holds the read store's writer lease: nothing is projected, no change is pushed and every command waits its full PORTAL_COMMAND_WAIT_MS. Start one (npm run start:projector) on ${where}.`;
  }
  if (readStore === 'SQLite' && lease.host !== host) {
    return `The projector runs on host ${lease.host}, this api on ${host}, over one SQLite read store: SQLite's locks and change feed hold only between processes of one host (not over a network file system). Run them on one host, or use MongoDB (MONGO_URL).`;
  }
  return null;
}

/** Looks at the writer lease now and then and says when the projector this api depends on is missing, and when it is back. */
export class ProjectorWatch {
  private timer: NodeJS.Timeout | null = null;
  private told: string | null = null;

  constructor(private readonly options: ProjectorWatchOptions) {}

  start(): void {
    const every = this.options.everyMs ?? 60_000;
    const look = (next: number) => {
      this.timer = setTimeout(() => {
        void this.look().finally(() => {
          if (this.timer) look(every);
        });
      }, next);
      this.timer.unref();
    };
    look(this.options.firstLookMs ?? 15_000);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One look; public so a start-up check can run it at once. Returns the problem seen, if any. */
  async look(): Promise<string | null> {
    const now = (this.options.now ?? Date.now)();
    let problem: string | null;
    try {
      problem = projectorProblem(await this.options.leases.current('projector'), this.options.readStore, this.options.host ?? hostname(), now);
    } catch (error) {
      problem = `The read store's writer lease could not be read: ${String(error)}`;
    }
    if (problem && problem !== this.told) this.options.warn(problem);
    if (!problem && this.told) this.options.log("A projector holds the read store's writer lease again: changes are pushed.");
    this.told = problem;
    return problem;
  }
}
