import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from './sqlite-read-store';
import { WalCheckpointer } from './wal-checkpointer';

describe('the write-ahead log of a read-store file', () => {
  it('is copied into the database file by the checkpointing thread while the store stays open, and nothing committed is lost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
    const file = join(dir, 'read-models.sqlite');
    try {
      const store = new SqliteReadStore(file);
      await store.ensureCollections([{ name: 'things', indexes: [] }]);
      const before = statSync(file).size;
      for (let batch = 0; batch < 20; batch++) {
        await store.transaction(async (tx) => {
          for (let i = 0; i < 100; i++) await tx.put('things', { id: batch * 100 + i, text: 'x'.repeat(1_000) });
        });
      }
      // The COMMIT does not checkpoint: the file grows once the thread has copied the log into it.
      const deadline = Date.now() + 10_000;
      while (statSync(file).size < before + 1_000_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(statSync(file).size).toBeGreaterThan(before + 1_000_000);
      expect((await store.find('things', { where: {}, sort: [], skip: 0, limit: 0 })).total).toBe(2_000);
      await store.close();
      const reopened = new SqliteReadStore(file);
      await reopened.ensureCollections([{ name: 'things', indexes: [] }]);
      expect(await reopened.get('things', 1_999)).toMatchObject({ id: 1_999 });
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A store on a fresh file and a checkpointer of that file beginning at most one checkpoint per `gapMs`. */
  async function withCheckpointer(gapMs: number, work: (store: SqliteReadStore, checkpointer: WalCheckpointer) => Promise<void>) {
    const dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
    const file = join(dir, 'read-models.sqlite');
    const store = new SqliteReadStore(file);
    const checkpointer = new WalCheckpointer(
      file,
      (error) => {
        throw error;
      },
      gapMs,
    );
    try {
      await store.ensureCollections([{ name: 'things', indexes: [] }]);
      await work(store, checkpointer);
    } finally {
      await checkpointer.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('begins at most one checkpoint per gap however often it is asked', async () => {
    await withCheckpointer(10_000, async (store, checkpointer) => {
      // Asked after each of 40 commits spread over ~200 ms: asked after every commit, it ran one checkpoint per
      // commit once the one before was done (two fsyncs each), and the event log's fsync waited behind them.
      for (let i = 0; i < 40; i++) {
        await store.transaction(async (tx) => tx.put('things', { id: i }));
        checkpointer.request();
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(checkpointer.begun).toBe(1);
    });
  });

  it('checkpoints what was committed within the gap once the gap is over', async () => {
    await withCheckpointer(100, async (store, checkpointer) => {
      checkpointer.request();
      await store.transaction(async (tx) => tx.put('things', { id: 1 }));
      checkpointer.request();
      const deadline = Date.now() + 10_000;
      while (checkpointer.begun < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(checkpointer.begun).toBe(2);
    });
  });

  // Needs the built library (`npm run build`, which `npm test` runs first): the process must hold nothing else.
  const built = join(__dirname, '../../dist/index.js');
  (existsSync(built) ? it : it.skip)('lets a process whose last work is closing the store finish that close (the thread keeps it up until then)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
    try {
      const script = `
        const { SqliteReadStore } = require(${JSON.stringify(built)});
        (async () => {
          const store = new SqliteReadStore(${JSON.stringify(join(dir, 'read-models.sqlite'))});
          await store.ensureCollections([{ name: 'things', indexes: [] }]);
          await store.transaction(async (tx) => tx.put('things', { id: 1 }));
          await store.close();
          process.stdout.write('closed');
        })();`;
      expect(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 })).toBe('closed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
