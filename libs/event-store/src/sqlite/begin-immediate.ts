import { setTimeout as sleep } from 'node:timers/promises';
import type Database from 'better-sqlite3';

/** How long a writer waits before it tries again for a write lock another process holds. */
export const LOCK_RETRY_MS = 1;
/** How long it tries with the loop free before it falls back to SQLite's own (loop-holding) wait. */
const FREE_WAIT_MS = 1000;

/**
 * Takes the write lock of a SQLite file (`BEGIN IMMEDIATE`) without holding the event loop while another process
 * has it. SQLite's own busy handler waits inside the call, sleeping 1, 2, 5, 10, 15, 20, 25 … ms between tries, and
 * the whole process (its pushes, its replies) waits with it; here each try does not wait (busy timeout 0 for that
 * statement), and while the lock is held elsewhere the next try comes after LOCK_RETRY_MS, the loop free in
 * between. A lock still taken after a second (half the busy timeout if shorter) is waited for as SQLite would, up
 * to `busyTimeoutMs` in all; then SQLITE_BUSY.
 *
 * Synchronous when the lock is free (the usual case): true when the transaction is open now, else a promise of it.
 */
export function beginImmediate(db: Database.Database, busyTimeoutMs: number): true | Promise<void> {
  if (tryBegin(db, busyTimeoutMs)) return true;
  return retry(db, busyTimeoutMs, performance.now());
}

async function retry(db: Database.Database, busyTimeoutMs: number, called: number): Promise<void> {
  const freeUntil = called + Math.min(busyTimeoutMs / 2, FREE_WAIT_MS);
  for (;;) {
    await sleep(LOCK_RETRY_MS);
    if (performance.now() >= freeUntil) {
      // Still taken (a writer that takes it back at once, on a busy machine whose timers run late): SQLite's own
      // wait for the rest of the busy timeout, as before, so nothing fails that did not; then its SQLITE_BUSY.
      const rest = Math.max(1, Math.trunc(called + busyTimeoutMs - performance.now()));
      beginWaiting(db, rest, busyTimeoutMs);
      return;
    }
    if (tryBegin(db, busyTimeoutMs)) return;
  }
}

/**
 * The same tries for a thread that may block (the append thread): between them it sleeps LOCK_RETRY_MS without a
 * loop to keep free, up to `busyTimeoutMs`; then SQLITE_BUSY.
 */
export function beginImmediateBlocking(db: Database.Database, busyTimeoutMs: number): void {
  const until = performance.now() + busyTimeoutMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!tryBegin(db, busyTimeoutMs)) {
    if (performance.now() >= until) {
      beginWaiting(db, 0, busyTimeoutMs);
      return;
    }
    Atomics.wait(pause, 0, 0, LOCK_RETRY_MS);
  }
}

function tryBegin(db: Database.Database, busyTimeoutMs: number): boolean {
  try {
    beginWaiting(db, 0, busyTimeoutMs);
    return true;
  } catch (error) {
    if (String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY')) return false;
    throw error;
  }
}

/** BEGIN IMMEDIATE with SQLite's busy handler waiting at most `waitMs`, then the connection's own timeout again. */
function beginWaiting(db: Database.Database, waitMs: number, busyTimeoutMs: number): void {
  // exec, not pragma(): a pragma() call prepares a statement each time (~0.5 ms), exec ~1 µs.
  db.exec(`PRAGMA busy_timeout = ${waitMs}`);
  try {
    db.exec('BEGIN IMMEDIATE');
  } finally {
    db.exec(`PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  }
}
