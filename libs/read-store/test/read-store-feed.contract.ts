import { spawnSync } from 'node:child_process';
import type { CollectionSpec, Doc, FeedBatch, Fence, LeaseClaim, LoadedFeedBatch, ReadStore } from '../src/read-store.port';
import { FencedOut } from '../src/read-store.port';
import { FeedGap } from '../src/feed/feed-gap';

/**
 * The change feed, the writer lease and the build copies, as every read-store adapter must provide them
 * (run by readStoreContract over a store holding the contract's collections).
 */
const FEED_ITEMS = 'feed-items';
const REBUILT = 'rebuilt';
export const FEED_SPECS: CollectionSpec[] = [
  { name: FEED_ITEMS, indexes: [['client_no']] },
  { name: REBUILT, indexes: [['kind']], fullText: ['text'] },
];

const claim = (holder: string, host = 'host-a', pid = process.pid): LeaseClaim => ({ name: 'projector', holder, host, pid });

/** A pid that belonged to a process which has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid!;
}

async function until<T>(probe: () => T | undefined, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

export function feedContract(store: () => ReadStore): void {
  beforeEach(async () => {
    await store().ensureCollections(FEED_SPECS);
  });

  const commit = (batch: FeedBatch, docs: Doc[] = [], removed: Array<string | number> = []) =>
    store().transaction(async (tx) => {
      for (const doc of docs) await tx.put(FEED_ITEMS, doc);
      for (const id of removed) await tx.remove(FEED_ITEMS, id);
      await tx.setCheckpoint('feed-projection', batch.position);
      await tx.appendFeed(batch);
    });

  describe('change feed', () => {
    it('a committed batch is read back with its changes and each record as the store holds it', async () => {
      await commit({ position: 5, changes: [{ collection: FEED_ITEMS, id: 1, event: 'created' }] }, [{ id: 1, client_no: 7, text: 'long' }]);
      await commit(
        {
          position: 9,
          changes: [
            { collection: FEED_ITEMS, id: 1, event: 'removed', before: { id: 1, client_no: 7 } },
            { collection: FEED_ITEMS, id: 2, event: 'created' },
          ],
        },
        [{ id: 2, client_no: 8 }],
        [1],
      );
      const batches = await store().feed.read(null, 10);
      expect(batches).toEqual<LoadedFeedBatch[]>([
        { position: 5, changes: [{ collection: FEED_ITEMS, id: 1, event: 'created', doc: null }] },
        {
          position: 9,
          changes: [
            { collection: FEED_ITEMS, id: 1, event: 'removed', before: { id: 1, client_no: 7 }, doc: null },
            { collection: FEED_ITEMS, id: 2, event: 'created', doc: { id: 2, client_no: 8 } },
          ],
        },
      ]);
      expect(await store().feed.head()).toBe(9);
    });

    it('reads after a position, oldest first, at most the limit', async () => {
      for (const position of [3, 4, 8, 12]) await commit({ position, changes: [] });
      expect((await store().feed.read(3, 2)).map((b) => b.position)).toEqual([4, 8]);
      expect((await store().feed.read(12, 10)).map((b) => b.position)).toEqual([]);
    });

    it('a rolled back transaction leaves no batch, and a position written twice fails the second transaction', async () => {
      await expect(
        store().transaction(async (tx) => {
          await tx.appendFeed({ position: 1, changes: [] });
          throw new Error('projection failed');
        }),
      ).rejects.toThrow('projection failed');
      expect(await store().feed.head()).toBeNull();
      await commit({ position: 2, changes: [] }, [{ id: 'a', client_no: 1 }]);
      // Refused is what counts, not the error's class: better-sqlite3 registers its error constructor once per process,
      // so in an in-band Jest run its errors come from the first test file's realm and fail `rejects.toThrow()`.
      const second = await commit({ position: 2, changes: [] }, [{ id: 'b', client_no: 1 }]).then(
        () => 'committed',
        () => 'refused',
      );
      expect(second).toBe('refused');
      expect(await store().get(FEED_ITEMS, 'b')).toBeNull();
      expect((await store().feed.read(null, 10)).map((b) => b.position)).toEqual([2]);
    });

    it('a follower gets the batches after its position and then every new one, in order, each once', async () => {
      await commit({ position: 1, changes: [] });
      await commit({ position: 2, changes: [{ collection: FEED_ITEMS, id: 'k', event: 'created' }] }, [{ id: 'k', client_no: 1 }]);
      const seen: number[] = [];
      const follower = store().feed.follow({ after: 1, onBatch: (batch) => void seen.push(batch.position) });
      try {
        await until(() => (seen.length >= 1 ? true : undefined));
        await commit({ position: 6, changes: [] });
        await commit({ position: 7, changes: [] });
        await until(() => (seen.length >= 3 ? true : undefined));
        await new Promise((r) => setTimeout(r, 50));
        expect(seen).toEqual([2, 6, 7]);
      } finally {
        await follower.close();
      }
    });

    it('a reader’s position is remembered', async () => {
      expect(await store().feed.readerPosition('api-1')).toBeNull();
      await store().feed.saveReader('api-1', 40);
      await store().feed.saveReader('api-1', 41);
      expect(await store().feed.readerPosition('api-1')).toBe(41);
    });

    it('pruning keeps what a live reader has not read, and a reader behind the pruned part learns of its gap', async () => {
      for (const position of [1, 2, 3, 4]) await commit({ position, changes: [] });
      await store().feed.saveReader('live', 2);
      const removed = await store().transaction((tx) => tx.pruneFeed({ keepMs: -1, readerTimeoutMs: 60_000 }));
      expect(removed).toBe(2);
      expect((await store().feed.read(2, 10)).map((b) => b.position)).toEqual([3, 4]);
      await expect(store().feed.read(1, 10)).rejects.toBeInstanceOf(FeedGap);
      const gaps: Array<[number | null, number | null]> = [];
      const seen: number[] = [];
      const follower = store().feed.follow({
        after: 1,
        onBatch: (b) => void seen.push(b.position),
        onGap: (missed, resumed) => void gaps.push([missed, resumed]),
      });
      try {
        await until(() => (gaps.length > 0 ? true : undefined));
        await commit({ position: 5, changes: [] });
        await until(() => (seen.includes(5) ? true : undefined));
        expect(gaps).toEqual([[1, 4]]);
      } finally {
        await follower.close();
      }
    });

    it('pruning keeps young batches, and a reader not seen for a while holds nothing back', async () => {
      for (const position of [1, 2, 3]) await commit({ position, changes: [] });
      await store().feed.saveReader('gone', 1);
      expect(await store().transaction((tx) => tx.pruneFeed({ keepMs: 3_600_000, readerTimeoutMs: 60_000 }))).toBe(0);
      await new Promise((r) => setTimeout(r, 20));
      expect(await store().transaction((tx) => tx.pruneFeed({ keepMs: -1, readerTimeoutMs: 5 }))).toBe(3);
      expect(await store().feed.head()).toBe(3);
    });
  });

  describe('writer lease', () => {
    it('one claimant holds the lease, another waits; releasing hands it over with a new epoch', async () => {
      const first = await store().leases.tryAcquire(claim('one'), 60_000);
      expect(first).toMatchObject({ holder: 'one', epoch: 1 });
      expect(await store().leases.tryAcquire(claim('two', 'host-b'), 60_000)).toBeNull();
      expect(await store().leases.current('projector')).toMatchObject({ holder: 'one', epoch: 1 });
      await store().leases.release(first!);
      expect(await store().leases.tryAcquire(claim('two', 'host-b'), 60_000)).toMatchObject({ holder: 'two', epoch: 2 });
    });

    it('an expired lease is taken over', async () => {
      await store().leases.tryAcquire(claim('one'), 1);
      await new Promise((r) => setTimeout(r, 10));
      expect(await store().leases.tryAcquire(claim('two', 'host-b'), 60_000)).toMatchObject({ holder: 'two', epoch: 2 });
    });

    it('a lease held by a process of this host that is gone is taken over at once', async () => {
      await store().leases.tryAcquire(claim('killed', 'this-host', deadPid()), 60_000);
      expect(await store().leases.tryAcquire(claim('standby', 'this-host'), 60_000)).toMatchObject({ holder: 'standby', epoch: 2 });
    });

    it('a fenced transaction commits while its lease holds, and writes nothing once another writer took over', async () => {
      const old = (await store().leases.tryAcquire(claim('old'), 1))!;
      await store().transaction((tx) => tx.setCheckpoint('counter', 1), { fence: old });
      await new Promise((r) => setTimeout(r, 10));
      const fresh = (await store().leases.tryAcquire(claim('new', 'host-b'), 60_000))!;
      await store().transaction((tx) => tx.setCheckpoint('counter', 2), { fence: fresh });
      const late = store().transaction(
        async (tx) => {
          await tx.put(FEED_ITEMS, { id: 'late', client_no: 1 });
          await tx.setCheckpoint('counter', 1);
          await tx.appendFeed({ position: 1, changes: [] });
        },
        { fence: old },
      );
      await expect(late).rejects.toBeInstanceOf(FencedOut);
      expect(await store().getCheckpoint('counter')).toBe(2);
      expect(await store().get(FEED_ITEMS, 'late')).toBeNull();
      expect(await store().feed.head()).toBeNull();
    });

    it('a fenced transaction renews the lease', async () => {
      const fence: Fence = { ...(await store().leases.tryAcquire(claim('one'), 50))!, ttlMs: 60_000 };
      await new Promise((r) => setTimeout(r, 60));
      await store().transaction(async () => undefined, { fence });
      expect(await store().leases.tryAcquire(claim('two', 'host-b'), 60_000)).toBeNull();
    });
  });

  describe('build copies', () => {
    const put = (docs: Doc[]) =>
      store().transaction(async (tx) => {
        for (const doc of docs) await tx.put(REBUILT, doc);
      });

    it('a rebuild writes beside the live collection, which readers keep seeing until the switch', async () => {
      expect(await store().builds.allEmpty([REBUILT])).toBe(true);
      await put([
        { id: 1, kind: 'old', text: 'Rechnung alt' },
        { id: 2, kind: 'old', text: 'Rechnung' },
      ]);
      expect(await store().builds.allEmpty([REBUILT, FEED_ITEMS])).toBe(false);
      const spec = FEED_SPECS[1]!;
      await store().builds.start([spec], 'v2', true);
      expect(await store().builds.exists([REBUILT], 'v2')).toBe(true);
      await store().transaction(async (tx) => {
        await tx.put(REBUILT, { id: 1, kind: 'new', text: 'Gutschrift neu' });
        expect(await tx.get(REBUILT, 2)).toBeNull();
        expect(await tx.findWhere(REBUILT, {})).toEqual([{ id: 1, kind: 'new', text: 'Gutschrift neu' }]);
      });
      expect((await store().find(REBUILT, { where: {}, sort: [], skip: 0, limit: 10 })).data.map((d) => d.kind)).toEqual(['old', 'old']);

      await store().transaction((tx) => tx.switchBuild([REBUILT], 'v2'));
      expect((await store().find(REBUILT, { where: { kind: 'new' }, sort: [], skip: 0, limit: 10 })).data).toEqual([
        { id: 1, kind: 'new', text: 'Gutschrift neu' },
      ]);
      expect(await store().get(REBUILT, 2)).toBeNull();
      expect((await store().search(REBUILT, { text: 'gutschrift', where: {}, skip: 0, limit: 10 })).total).toBe(1);
      expect((await store().search(REBUILT, { text: 'rechnung', where: {}, skip: 0, limit: 10 })).total).toBe(0);
      expect(await store().builds.exists([REBUILT], 'v2')).toBe(false);
      // After the switch the store writes the live collection again.
      await put([{ id: 3, kind: 'later', text: 'x' }]);
      expect(await store().get(REBUILT, 3)).toEqual({ id: 3, kind: 'later', text: 'x' });
    });

    it('a switch rolled back with its transaction leaves the live collection', async () => {
      await put([{ id: 1, kind: 'old', text: 'a' }]);
      await store().builds.start([FEED_SPECS[1]!], 'v3', true);
      await expect(
        store().transaction(async (tx) => {
          await tx.switchBuild([REBUILT], 'v3');
          throw new Error('failed');
        }),
      ).rejects.toThrow('failed');
      expect(await store().get(REBUILT, 1)).toEqual({ id: 1, kind: 'old', text: 'a' });
    });

    it('a fresh start drops a copy left over; a resumed one keeps it', async () => {
      await store().builds.start([FEED_SPECS[1]!], 'v4', true);
      await store().transaction((tx) => tx.put(REBUILT, { id: 'left', kind: 'x', text: 'x' }));
      await store().builds.start([FEED_SPECS[1]!], 'v4', false);
      expect(await store().transaction((tx) => tx.get(REBUILT, 'left'))).not.toBeNull();
      await store().builds.start([FEED_SPECS[1]!], 'v4', true);
      expect(await store().transaction((tx) => tx.get(REBUILT, 'left'))).toBeNull();
    });
  });
}
