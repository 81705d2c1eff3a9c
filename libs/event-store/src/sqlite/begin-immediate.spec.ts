import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beginImmediate } from './begin-immediate';

const dir = mkdtempSync(join(tmpdir(), 'begin-immediate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;

/** Two connections to one file, as two processes have them. */
function twoConnections(): { holder: Database.Database; waiter: Database.Database; close(): void } {
  const file = join(dir, `db-${++counter}.sqlite`);
  const holder = new Database(file, { timeout: 5000 });
  holder.pragma('journal_mode = WAL');
  holder.exec('CREATE TABLE t (n INTEGER)');
  const waiter = new Database(file, { timeout: 5000 });
  return {
    holder,
    waiter,
    close: () => {
      holder.close();
      waiter.close();
    },
  };
}

describe('beginImmediate', () => {
  it('opens the transaction at once, synchronously, when nobody holds the write lock', () => {
    const { waiter, close } = twoConnections();
    expect(beginImmediate(waiter, 5000)).toBe(true);
    expect(waiter.inTransaction).toBe(true);
    waiter.exec('COMMIT');
    close();
  });

  it('waits for a lock another connection holds with the event loop free, and takes it once released', async () => {
    const { holder, waiter, close } = twoConnections();
    holder.exec('BEGIN IMMEDIATE');
    const called = performance.now();
    const locked = beginImmediate(waiter, 5000);
    // Returned at once (SQLite's busy handler would have held the loop up to the 5 s timeout) …
    expect(performance.now() - called).toBeLessThan(1000);
    expect(locked).not.toBe(true);
    // … and the loop runs timers while the lock is held elsewhere.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(waiter.inTransaction).toBe(false);
    holder.exec('COMMIT');
    await locked;
    expect(waiter.inTransaction).toBe(true);
    // Its busy timeout is back for the connection's other statements.
    expect(waiter.pragma('busy_timeout', { simple: true })).toBe(5000);
    waiter.exec('COMMIT');
    close();
  });

  it('fails with SQLITE_BUSY after the busy timeout when the lock stays taken', async () => {
    const { holder, waiter, close } = twoConnections();
    holder.exec('BEGIN IMMEDIATE');
    await expect(beginImmediate(waiter, 40)).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(waiter.inTransaction).toBe(false);
    expect(waiter.pragma('busy_timeout', { simple: true })).toBe(40);
    holder.exec('ROLLBACK');
    close();
  });
});
