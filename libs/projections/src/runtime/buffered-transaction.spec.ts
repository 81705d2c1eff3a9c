import { SqliteReadStore, type Doc, type ReadTransaction } from '@portal/read-store';
import { BufferedTransaction } from './buffered-transaction';
import { LoopSlice } from '@portal/event-store';

const SPEC = { name: 'things', indexes: [['group']] };

/** A transaction that counts the store calls passing through it. */
function counting(tx: ReadTransaction) {
  const calls = { get: 0, put: 0, remove: 0 };
  const counted: ReadTransaction = {
    ...tx,
    get: (c, id) => (calls.get++, tx.get(c, id)),
    put: (c, doc) => (calls.put++, tx.put(c, doc)),
    remove: (c, id) => (calls.remove++, tx.remove(c, id)),
    findWhere: (c, w) => tx.findWhere(c, w),
  };
  return { calls, counted };
}

describe('BufferedTransaction', () => {
  let store: SqliteReadStore;

  beforeEach(async () => {
    store = new SqliteReadStore(':memory:');
    await store.ensureCollections([SPEC]);
    await store.transaction(async (tx) => tx.put('things', { id: 1, group: 'a', n: 0 }));
  });
  afterEach(() => store.close());

  it('gives the event loop back between slices of a large flush and still writes every record in its transaction', async () => {
    let turns = 0;
    const count = () => setImmediate(() => (turns++, flushing && count()));
    let flushing = true;
    await store.transaction(async (tx) => {
      // A budget of no time: every record is its own slice.
      const buffer = new BufferedTransaction(tx, new LoopSlice(0));
      for (let id = 2; id <= 201; id++) buffer.put('things', { id, group: 'b', n: id });
      count();
      await buffer.flush();
      flushing = false;
    });
    expect(turns).toBeGreaterThanOrEqual(100);
    expect(await store.find('things', { where: { group: 'b' }, sort: [], skip: 0, limit: 0 })).toMatchObject({ total: 200 });
  });

  it('reads a record from the store once and writes only its last state when flushed', async () => {
    const calls = await store.transaction(async (tx) => {
      const { calls, counted } = counting(tx);
      const buffer = new BufferedTransaction(counted);
      for (let n = 1; n <= 5; n++) {
        const doc = (await buffer.get('things', 1)) as Doc;
        buffer.put('things', { ...doc, n });
      }
      expect(await tx.get('things', 1)).toMatchObject({ n: 0 });
      await buffer.flush();
      return calls;
    });
    expect(calls).toEqual({ get: 1, put: 1, remove: 0 });
    expect(await store.get('things', 1)).toEqual({ id: 1, group: 'a', n: 5 });
  });

  it('returns a fresh object on every read, so changing what was read changes nothing', async () => {
    await store.transaction(async (tx) => {
      const buffer = new BufferedTransaction(tx);
      const first = (await buffer.get('things', 1)) as Doc;
      first.n = 99;
      expect(await buffer.get('things', 1)).toEqual({ id: 1, group: 'a', n: 0 });
      await buffer.flush();
    });
    expect(await store.get('things', 1)).toEqual({ id: 1, group: 'a', n: 0 });
  });

  it('hands the stored JSON to a store that takes it, which writes the same record as a put', async () => {
    const written: string[] = [];
    await store.transaction(async (tx) => {
      const buffer = new BufferedTransaction({ ...counting(tx).counted, putJson: (c, id, json) => (written.push(json), tx.putJson!(c, id, json)) });
      buffer.put('things', { id: 2, group: 'b', n: 1, note: undefined });
      await buffer.flush();
    });
    expect(written).toEqual(['{"id":2,"group":"b","n":1}']);
    expect(await store.get('things', 2)).toEqual({ id: 2, group: 'b', n: 1 });
  });

  it('refuses a record the store would refuse when it is put, not later', () => {
    const buffer = new BufferedTransaction({} as ReadTransaction);
    expect(() => buffer.put('things', { id: 3, _id: 'x' })).toThrow("must not have an '_id' field");
  });

  it('lets findWhere see the writes made before it in the batch', async () => {
    const found = await store.transaction(async (tx) => {
      const buffer = new BufferedTransaction(tx);
      buffer.put('things', { id: 2, group: 'a', n: 1 });
      buffer.remove('things', 1);
      return buffer.findWhere('things', { group: 'a' });
    });
    expect(found).toEqual([{ id: 2, group: 'a', n: 1 }]);
  });

  it('sees a removal and a put again within one batch, and keeps 5 and "5" apart', async () => {
    await store.transaction(async (tx) => {
      const buffer = new BufferedTransaction(tx);
      buffer.remove('things', 1);
      expect(await buffer.exists('things', 1)).toBe(false);
      buffer.put('things', { id: '1', group: 'b', n: 7 });
      expect(await buffer.get('things', 1)).toBeNull();
      expect(await buffer.get('things', '1')).toEqual({ id: '1', group: 'b', n: 7 });
      await buffer.flush();
    });
    expect(await store.get('things', 1)).toBeNull();
    expect(await store.get('things', '1')).toEqual({ id: '1', group: 'b', n: 7 });
  });

  it('writes nothing when the batch fails before its flush', async () => {
    await expect(
      store.transaction(async (tx) => {
        const buffer = new BufferedTransaction(tx);
        buffer.put('things', { id: 3, group: 'c', n: 1 });
        await buffer.flush();
        throw new Error('projection failed');
      }),
    ).rejects.toThrow('projection failed');
    expect(await store.get('things', 3)).toBeNull();
  });
});
