import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseQuery } from '../query/parse-query';
import { readStoreContract } from '../../test/read-store.contract';
import { SqliteReadStore } from './sqlite-read-store';
import { orderBySql, whereToSql } from './where-to-sql';

const tempDir = mkdtempSync(join(tmpdir(), 'read-store-'));
let fileCounter = 0;
const newFile = () => join(tempDir, `store-${++fileCounter}.sqlite`);
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

readStoreContract('SQLite in memory', async () => new SqliteReadStore(':memory:'));
readStoreContract('SQLite file', async () => new SqliteReadStore(newFile()));

describe('SQLite read store on a file shared by two processes', () => {
  it('wakes the feed follower of the other instance at once: with a poll of 5 s, a batch arrives within ~100 ms', async () => {
    const file = newFile();
    const projector = new SqliteReadStore(file);
    const api = new SqliteReadStore(file, { feedPollMs: 5000 });
    await projector.ensureCollections([{ name: 'items', indexes: [] }]);
    const arrived: Array<{ position: number; at: number }> = [];
    const follower = api.feed.follow({ after: null, onBatch: async (batch) => void arrived.push({ position: batch.position, at: performance.now() }) });
    try {
      await new Promise((r) => setTimeout(r, 100)); // the follower has read the empty feed and sleeps for 5 s
      const latencies: number[] = [];
      for (let position = 1; position <= 5; position++) {
        const sent = performance.now();
        await projector.transaction(async (tx) => {
          await tx.put('items', { id: position });
          await tx.appendFeed({ position, changes: [{ collection: 'items', id: position, event: 'created' }] });
        });
        while (arrived.length < position && performance.now() - sent < 5000) await new Promise((r) => setTimeout(r, 1));
        latencies.push(arrived[position - 1]!.at - sent);
      }
      expect(arrived.map((a) => a.position)).toEqual([1, 2, 3, 4, 5]);
      // Without the wake-up each would wait for the 5 s poll; 500 ms leaves room for a loaded machine.
      expect(Math.max(...latencies)).toBeLessThan(500);
    } finally {
      await follower.close();
      await Promise.all([projector.close(), api.close()]);
    }
  });
});

describe('SQLite read store specifics', () => {
  const spec = { name: 'docs', indexes: [['clientId'], ['status', 'date']], fullText: ['title', 'text'] };

  it('filters and sorts on indexed fields use the expression indexes', async () => {
    const file = newFile();
    const store = new SqliteReadStore(file);
    await store.ensureCollections([spec]);
    await store.close();
    const db = new Database(file, { readonly: true });
    const plan = (where: Parameters<typeof whereToSql>[0], sort: Parameters<typeof orderBySql>[0] = []) => {
      const condition = whereToSql(where);
      const sql = `EXPLAIN QUERY PLAN SELECT doc FROM "docs" WHERE ${condition.sql} ORDER BY ${orderBySql(sort)}`;
      return (db.prepare(sql).all(...condition.params) as Array<{ detail: string }>).map((row) => row.detail).join('\n');
    };
    try {
      expect(plan({ clientId: 'c1' })).toMatch(/SEARCH docs USING INDEX docs__ix_clientId_/);
      expect(plan({ clientId: 'c1' })).not.toMatch(/TEMP B-TREE/);
      expect(plan({ status: 'open', date: { $gte: '2024-01-01' } })).toMatch(/SEARCH docs USING INDEX docs__ix_status_date_/);
      expect(plan({ status: 'open' }, [['date', -1]])).toMatch(/SEARCH docs USING INDEX docs__ix_status_date_/);
      expect(plan({}, [['clientId', 1]])).toMatch(/SCAN docs USING INDEX docs__ix_clientId_/);
      expect(plan({}, [['clientId', 1]])).not.toMatch(/TEMP B-TREE/);
      expect(plan({})).toMatch(/SCAN docs USING INDEX docs__ix_id/);
      expect(plan({})).not.toMatch(/TEMP B-TREE/);
      expect(plan({ id: 'a' })).toMatch(/USING INDEX sqlite_autoindex_docs_1 \(id=\?\)/);
    } finally {
      db.close();
    }
  });

  it('the full-text table follows puts, removes and clears', async () => {
    const file = newFile();
    const store = new SqliteReadStore(file);
    await store.ensureCollections([spec]);
    await store.transaction(async (tx) => {
      await tx.put('docs', { id: 1, title: 'Rechnung Müller', text: 'Steuerbescheid 2023' });
      await tx.put('docs', { id: 2, title: 'Invoice', text: 'receipt' });
      await tx.put('docs', { id: 1, title: 'Rechnung Mueller', text: 'Bescheid' });
      await tx.remove('docs', 2);
    });
    const db = new Database(file, { readonly: true });
    const match = (text: string) =>
      db.prepare("SELECT json_extract(d.doc, '$.id') AS id FROM docs__fts f JOIN docs d ON d.rowid = f.rowid WHERE docs__fts MATCH ?").all(text);
    try {
      expect(match('mueller')).toEqual([{ id: 1 }]);
      expect(match('steuerbescheid')).toEqual([]);
      expect(match('invoice')).toEqual([]);
      await store.transaction((tx) => tx.clear('docs'));
      expect(db.prepare('SELECT count(*) AS n FROM docs__fts').get()).toEqual({ n: 0 });
    } finally {
      db.close();
      await store.close();
    }
  });

  it('a full-text table added to a collection with records is filled from them', async () => {
    const file = newFile();
    const store = new SqliteReadStore(file);
    await store.ensureCollections([{ name: 'notes', indexes: [] }]);
    await store.transaction((tx) => tx.put('notes', { id: 'n1', body: 'Umsatzsteuer Voranmeldung' }));
    await store.ensureCollections([{ name: 'notes', indexes: [], fullText: ['body'] }]);
    await store.close();
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare('SELECT rowid FROM notes__fts WHERE notes__fts MATCH ?').all('umsatzsteuer')).toHaveLength(1);
    } finally {
      db.close();
    }
  });

  it('with a file, reads outside a running transaction see only committed data', async () => {
    const store = new SqliteReadStore(newFile());
    await store.ensureCollections([spec]);
    let release: () => void = () => undefined;
    const running = store.transaction(async (tx) => {
      await tx.put('docs', { id: 1, title: 'draft' });
      await tx.setCheckpoint('docs', 3);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await store.get('docs', 1)).toBeNull();
    expect(await store.getCheckpoint('docs')).toBeNull();
    expect((await store.find('docs', { where: {}, sort: [], skip: 0, limit: 10 })).total).toBe(0);
    release();
    await running;
    expect(await store.get('docs', 1)).toEqual({ id: 1, title: 'draft' });
    await store.close();
  });

  it('records and checkpoints survive reopening the file', async () => {
    const file = newFile();
    const first = new SqliteReadStore(file);
    await first.ensureCollections([spec]);
    await first.transaction(async (tx) => {
      await tx.put('docs', { id: 'd', title: 't' });
      await tx.setCheckpoint('docs', 9);
    });
    await first.close();
    const second = new SqliteReadStore(file);
    await second.ensureCollections([spec]);
    expect(await second.get('docs', 'd')).toEqual({ id: 'd', title: 't' });
    expect(await second.getCheckpoint('docs')).toBe(9);
    await second.close();
  });

  it('a Feathers query from the socket runs through the parser and the store', async () => {
    const store = new SqliteReadStore(':memory:');
    await store.ensureCollections([spec]);
    await store.transaction(async (tx) => {
      for (let i = 1; i <= 5; i++) await tx.put('docs', { id: i, clientId: i % 2 ? 'odd' : 'even', date: `2024-0${i}-01`, title: `T${i}` });
    });
    const { query, extras } = parseQuery(
      { clientId: 'odd', date: { $gte: '2024-02-01' }, $sort: { date: '-1' }, $limit: '1', $select: ['title'], commandId: 'c1' },
      { fields: ['clientId', 'date', 'title'], defaultLimit: 10, maxLimit: 50, extraKeys: ['commandId'] },
    );
    expect(extras).toEqual({ commandId: 'c1' });
    expect(await store.find('docs', query)).toEqual({ total: 2, limit: 1, skip: 0, data: [{ id: 5, title: 'T5' }] });
    await store.close();
  });

  it('where values are bound as parameters, never spliced into the SQL', () => {
    const condition = whereToSql({ title: "x' OR 1=1 --", $or: [{ status: { $in: ['a', 'b'] } }, { date: { $lt: '2024' } }] });
    expect(condition.sql).not.toContain('OR 1=1');
    expect(condition.params).toEqual(["x' OR 1=1 --", 'a', 'b', '2024']);
  });

  it('a field name that is not a plain identifier path is refused before reaching SQL', () => {
    expect(() => whereToSql({ "a') OR 1=1 --": 1 })).toThrow(/Invalid field name/);
  });

  // Speed is measured by `npm run bench`, not asserted here.
  it('puts 10k records in one transaction and answers an indexed query over them', async () => {
    const store = new SqliteReadStore(newFile());
    await store.ensureCollections([spec]);
    await store.transaction(async (tx) => {
      for (let i = 0; i < 10_000; i++) {
        await tx.put('docs', {
          id: i,
          clientId: `c${i % 100}`,
          status: i % 3 ? 'open' : 'done',
          date: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
          title: `Document ${i}`,
          text: 'receipt',
        });
      }
    });
    const page = await store.find('docs', { where: { clientId: 'c7', status: 'open' }, sort: [['date', -1]], skip: 0, limit: 20 });
    expect(page.total).toBe(67);
    expect(page.data).toHaveLength(20);
    await store.close();
  }, 60_000);
});
