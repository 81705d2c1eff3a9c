import { FencedOut, type Fence, type LeaseClaim, type LeaseState } from '../read-store.port';
import { holderIsGone } from '../shared/process-alive';
import type { StatementCache } from './statement-cache';

/** One row per lease; the epoch grows with every acquisition, so a writer that lost the lease cannot commit again. */
export const LEASES_DDL =
  'CREATE TABLE IF NOT EXISTS _leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, host TEXT NOT NULL, pid INTEGER NOT NULL, epoch INTEGER NOT NULL, expires_at INTEGER NOT NULL)';

interface LeaseRow {
  holder: string;
  host: string;
  pid: number;
  epoch: number;
  expires_at: number;
}

export function readLease(statements: StatementCache, name: string): LeaseState | null {
  const row = statements.get('SELECT holder, host, pid, epoch, expires_at FROM _leases WHERE name = ?').get(name) as LeaseRow | undefined;
  return row ? { holder: row.holder, host: row.host, pid: row.pid, epoch: row.epoch, expiresAt: row.expires_at } : null;
}

/** Call inside a write transaction (BEGIN IMMEDIATE): the check and the take-over are one step. */
export function acquireLease(statements: StatementCache, claim: LeaseClaim, ttlMs: number, now = Date.now()): Fence | null {
  const current = readLease(statements, claim.name);
  const free = current === null || current.expiresAt <= now || current.holder === claim.holder || holderIsGone(current, claim.host);
  if (!free) return null;
  const epoch = (current?.epoch ?? 0) + 1;
  statements
    .get(
      'INSERT INTO _leases (name, holder, host, pid, epoch, expires_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, host = excluded.host, pid = excluded.pid, epoch = excluded.epoch, expires_at = excluded.expires_at',
    )
    .run(claim.name, claim.holder, claim.host, claim.pid, epoch, now + ttlMs);
  return { name: claim.name, holder: claim.holder, epoch, ttlMs };
}

/** Call first in a fenced write transaction: throws FencedOut unless the fence still holds the lease, and renews it. */
export function checkFence(statements: StatementCache, fence: Fence, now = Date.now()): void {
  const current = readLease(statements, fence.name);
  if (!current || current.holder !== fence.holder || current.epoch !== fence.epoch) throw new FencedOut(fence, current);
  statements.get('UPDATE _leases SET expires_at = ? WHERE name = ?').run(now + fence.ttlMs, fence.name);
}

export function releaseLease(statements: StatementCache, fence: Fence): void {
  statements.get('UPDATE _leases SET expires_at = 0 WHERE name = ? AND holder = ? AND epoch = ?').run(fence.name, fence.holder, fence.epoch);
}
