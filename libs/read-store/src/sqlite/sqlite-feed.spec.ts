import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Doc } from '../read-store.port';
import { SqliteFeedReader } from './sqlite-feed';
import { SqliteQueries } from './sqlite-queries';
import { SqliteReadStore } from './sqlite-read-store';

const tempDir = mkdtempSync(join(tmpdir(), 'read-store-feed-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

const RECORDS = 300;
const versionOf = (doc: Doc | null) => (doc as { version?: number } | null)?.version;

/** A file store with one batch of RECORDS created records at position 1, and a feed reader on a connection of its own that yields after every record. */
async function storeWithBatch(name: string) {
  const file = join(tempDir, `${name}.sqlite`);
  const store = new SqliteReadStore(file);
  await store.ensureCollections([{ name: 'docs', indexes: [] }]);
  const ids = Array.from({ length: RECORDS }, (_, i) => `d${i}`);
  await store.transaction(async (tx) => {
    for (const id of ids) await tx.put('docs', { id, version: 1 });
    await tx.appendFeed({ position: 1, changes: ids.map((id) => ({ collection: 'docs', id, event: 'created' as const })) });
  });
  const db = new Database(file, { fileMustExist: true });
  const queries = new SqliteQueries(db);
  let steps = 0;
  const reader = new SqliteFeedReader(db, queries.statements, () => null, {
    db,
    statements: queries.statements,
    load: (collection, id) => queries.get(collection, id),
    step: () => (steps++, nextTurn()),
  });
  return { store, db, reader, ids, steps: () => steps };
}

describe('the SQLite change feed read on a connection of its own', () => {
  it("loads a large batch's records over many turns of the event loop, so other requests are answered in between", async () => {
    const { store, db, reader, steps } = await storeWithBatch('turns');
    let turns = 0;
    let reading = true;
    const ticker = (async () => {
      while (reading) await nextTurn().then(() => turns++);
    })();
    const [batch] = await reader.read(null, 100);
    reading = false;
    await ticker;
    expect(batch!.changes).toHaveLength(RECORDS);
    expect(batch!.changes.every((c) => versionOf(c.doc) === 1)).toBe(true);
    expect(steps()).toBe(RECORDS);
    expect(turns).toBeGreaterThanOrEqual(RECORDS / 2);
    db.close();
    await store.close();
  });

  it('keeps the batch and its records in one snapshot while a later commit lands between its slices', async () => {
    const { store, db, reader, ids } = await storeWithBatch('snapshot');
    const reading = reader.read(null, 100);
    // A later batch patches every record while the read is between two slices.
    await nextTurn();
    await store.transaction(async (tx) => {
      for (const id of ids) await tx.put('docs', { id, version: 2 });
      await tx.appendFeed({ position: 2, changes: ids.map((id) => ({ collection: 'docs', id, event: 'patched' as const })) });
    });
    const batches = await reading;
    expect(batches.map((b) => b.position)).toEqual([1]);
    expect(new Set(batches[0]!.changes.map((c) => versionOf(c.doc)))).toEqual(new Set([1]));
    const next = await reader.read(1, 100);
    expect(next.map((b) => b.position)).toEqual([2]);
    expect(new Set(next[0]!.changes.map((c) => versionOf(c.doc)))).toEqual(new Set([2]));
    db.close();
    await store.close();
  });

  it('runs two reads at once one after the other on its connection, each in a snapshot of its own', async () => {
    const { store, db, reader } = await storeWithBatch('two');
    const [first, second] = await Promise.all([reader.read(null, 100), reader.read(null, 100)]);
    expect(first).toEqual(second);
    expect(db.inTransaction).toBe(false);
    db.close();
    await store.close();
  });
});
