import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FeedChange, LoadedFeedBatch } from '../read-store.port';
import { COMMITTED_KEPT, CommittedBatches, recordKey } from '../feed/committed-batches';
import { SqliteReadStore } from './sqlite-read-store';

const tempDir = mkdtempSync(join(tmpdir(), 'read-store-committed-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

const changes = (...list: FeedChange[]) => list;

/** A file store whose feed reads are counted by the positions they returned. */
async function storeOnFile(name: string) {
  const store = new SqliteReadStore(join(tempDir, `${name}.sqlite`), { feedPollMs: 5_000 });
  await store.ensureCollections([{ name: 'docs', indexes: [] }]);
  const readBack: number[] = [];
  const read = store.feed.read.bind(store.feed);
  store.feed.read = async (after, limit) => {
    const batches = await read(after, limit);
    readBack.push(...batches.map((b) => b.position));
    return batches;
  };
  return { store, readBack };
}

function arrivals() {
  const seen: LoadedFeedBatch[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  return {
    seen,
    onBatch: (batch: LoadedFeedBatch) => {
      seen.push(batch);
      for (const w of waiters.filter((x) => seen.length >= x.n)) w.resolve();
    },
    count: (n: number) => (seen.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
  };
}

describe('a feed batch committed in the follower’s own process', () => {
  it('reaches the follower with its records as stored, without a read of the feed or the records', async () => {
    const { store, readBack } = await storeOnFile('taken');
    await store.transaction(async (tx) => {
      await tx.put('docs', { id: 'kept', name: 'A' });
      await tx.put('docs', { id: 'gone', name: 'B' });
      await tx.appendFeed({
        position: 1,
        changes: changes({ collection: 'docs', id: 'kept', event: 'created' }, { collection: 'docs', id: 'gone', event: 'created' }),
      });
    });
    const got = arrivals();
    const follower = store.feed.follow({ after: 1, onBatch: got.onBatch });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50)); // caught up, waiting
      await store.transaction(async (tx) => {
        await tx.put('docs', { id: 'kept', name: 'A1' });
        await tx.put('docs', { id: 'kept', name: 'A2' });
        await tx.put('docs', { id: 'new', name: 'C' });
        await tx.remove('docs', 'gone');
        await tx.appendFeed({
          position: 2,
          changes: changes(
            { collection: 'docs', id: 'kept', event: 'patched' },
            { collection: 'docs', id: 'new', event: 'created' },
            { collection: 'docs', id: 'gone', event: 'removed', before: { id: 'gone', name: 'B' } },
          ),
        });
      });
      await got.count(1);
      const [fromMemory] = got.seen;
      const [fromFeed] = await store.feed.read(1, 10);
      expect(fromMemory).toEqual(fromFeed);
      expect(fromMemory!.changes.map((c) => c.doc)).toEqual([{ id: 'kept', name: 'A2' }, { id: 'new', name: 'C' }, null]);
      expect(readBack.filter((p) => p === 2)).toEqual([2]); // only the comparison above read it
    } finally {
      await follower.close();
      await store.close();
    }
  });

  it('is read from the feed, once and in order, by a follower that fell more than a few batches behind', async () => {
    const { store, readBack } = await storeOnFile('behind');
    const got = arrivals();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const follower = store.feed.follow({
      after: null,
      onBatch: async (batch) => {
        got.onBatch(batch);
        if (batch.position === 1) await held;
      },
    });
    const total = COMMITTED_KEPT + 3;
    try {
      for (let position = 1; position <= total; position++)
        await store.transaction(async (tx) => {
          await tx.put('docs', { id: `d${position}`, n: position });
          await tx.appendFeed({ position, changes: changes({ collection: 'docs', id: `d${position}`, event: 'created' }) });
        });
      release();
      await got.count(total);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(got.seen.map((b) => b.position)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      expect(got.seen.map((b) => b.changes[0]!.doc)).toEqual(Array.from({ length: total }, (_, i) => ({ id: `d${i + 1}`, n: i + 1 })));
      expect(readBack).toContain(2); // the ones no longer kept came from the feed
    } finally {
      await follower.close();
      await store.close();
    }
  });
});

describe('CommittedBatches', () => {
  const batch = (previous: number | null, position: number, records: Map<string, string | null>) => ({
    previous,
    position,
    changes: JSON.stringify([['docs', 'a', 'patched']]),
    records,
  });

  it('answers only the batch right after the position asked for, and keeps the last few', () => {
    const kept = new CommittedBatches();
    for (let p = 1; p <= COMMITTED_KEPT + 1; p++) kept.add(batch(p - 1, p, new Map([[recordKey('docs', 'a'), JSON.stringify({ id: 'a', n: p })]])));
    expect(kept.after(0)).toBeUndefined(); // dropped: the oldest
    expect(kept.after(COMMITTED_KEPT + 1)).toBeUndefined(); // nothing after the newest yet
    expect(kept.after(2)).toEqual({ position: 3, changes: [{ collection: 'docs', id: 'a', event: 'patched', doc: { id: 'a', n: 3 } }] });
    expect(kept.after(2)!.changes[0]!.doc).not.toBe(kept.after(2)!.changes[0]!.doc); // a fresh record for each follower
  });

  it('leaves a batch to the feed when its transaction did not write a changed record', () => {
    const kept = new CommittedBatches();
    kept.add(batch(null, 1, new Map()));
    expect(kept.has(null)).toBe(true);
    expect(kept.after(null)).toBeUndefined();
  });
});
