import { FencedOut } from '../read-store.port';
import { InMemoryMongo } from '../../test/in-memory-mongo';
import { LEASES } from './mongo-documents';
import { MongoReadStore } from './mongo-read-store';

/** What the MongoDB adapter does beyond the shared contract, on MongoDB's query language in memory. */
describe('MongoDB read store specifics', () => {
  const open = async () => {
    const server = new InMemoryMongo();
    const store = new MongoReadStore(server.client(), server.db());
    await store.ensureCollections([{ name: 'items', indexes: [['kind']] }]);
    await store.transaction(async (tx) => {
      for (let i = 0; i < 25; i++) await tx.put('items', { id: i, kind: i % 2 ? 'odd' : 'even' });
    });
    return { server, store };
  };

  it('counts only when the page cannot tell the total', async () => {
    const { server, store } = await open();
    server.reads.counts = 0;
    expect((await store.find('items', { where: { kind: 'odd' }, sort: [], skip: 0, limit: 50 })).total).toBe(12);
    expect((await store.find('items', { where: {}, sort: [], skip: 20, limit: 10 })).total).toBe(25);
    expect(server.reads.counts).toBe(0);
    expect((await store.find('items', { where: {}, sort: [], skip: 0, limit: 10 })).total).toBe(25);
    expect((await store.find('items', { where: {}, sort: [], skip: 30, limit: 10 })).total).toBe(25);
    expect((await store.find('items', { where: {}, sort: [], skip: 0, limit: 0 })).total).toBe(25);
    expect(server.reads.counts).toBe(3);
  });

  it('a checkpoint written under a newer lease epoch is never overwritten by an older one (compare-and-set)', async () => {
    const { server, store } = await open();
    const old = (await store.leases.tryAcquire({ name: 'projector', holder: 'old', host: 'a', pid: 1 }, 1))!;
    await store.transaction((tx) => tx.setCheckpoint('counter@v1', 10), { fence: old });
    await new Promise((r) => setTimeout(r, 5));
    const fresh = (await store.leases.tryAcquire({ name: 'projector', holder: 'new', host: 'b', pid: 2 }, 60_000))!;
    await store.transaction((tx) => tx.setCheckpoint('counter@v1', 20), { fence: fresh });
    // Even with the lease document put back (an operator, a restored backup), the older epoch cannot write.
    await server
      .db()
      .collection<{ _id: string }>(LEASES)
      .updateOne({ _id: 'projector' }, { $set: { holder: 'old', epoch: old.epoch } });
    await expect(store.transaction((tx) => tx.setCheckpoint('counter@v1', 11), { fence: old })).rejects.toBeInstanceOf(FencedOut);
    expect(await store.getCheckpoint('counter@v1')).toBe(20);
  });

  it('a transaction that loses a write conflict is run again and commits once', async () => {
    const { server, store } = await open();
    let runs = 0;
    await store.transaction(async (tx) => {
      runs += 1;
      const doc = await tx.get('items', 1);
      if (runs === 1)
        await server
          .db()
          .collection<{ _id: number }>('items')
          .updateOne({ _id: 1 }, { $set: { kind: 'changed elsewhere' } });
      await tx.put('items', { ...doc!, seen: runs });
    });
    expect(runs).toBe(2);
    expect(await store.get('items', 1)).toEqual({ id: 1, kind: 'changed elsewhere', seen: 2 });
  });
});
