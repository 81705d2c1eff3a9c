import type { LeaseState } from '../read-store.port';

/**
 * Whether the lease's holder is a process of this host that no longer runs: its lease is taken over at once
 * instead of after its expiry (a projector killed with SIGKILL). Another host's holder is never judged here,
 * and a process we may not signal (EPERM) counts as running.
 */
export function holderIsGone(lease: Pick<LeaseState, 'host' | 'pid'>, host: string): boolean {
  if (lease.host !== host || lease.pid === process.pid) return false;
  try {
    process.kill(lease.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
