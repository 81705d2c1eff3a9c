import { MongoClient } from 'mongodb';
import type { ReadStore } from '../read-store.port';
import { readStoreContract } from '../../test/read-store.contract';
import { MongoReadStore } from './mongo-read-store';

/** Needs a replica set (transactions), e.g. MONGO_URL=mongodb://localhost:27017/?replicaSet=rs0 */
const url = process.env.MONGO_URL;
const maybe = url ? describe : describe.skip;

maybe(url ? 'MongoDB read store' : 'skipped: set MONGO_URL to run the MongoDB read-store contract', () => {
  if (!url) {
    it('skipped: set MONGO_URL to run the MongoDB read-store contract', () => undefined);
    return;
  }

  let admin: MongoClient;
  const databases = new Map<ReadStore, string>();
  let counter = 0;

  beforeAll(async () => {
    admin = await new MongoClient(url).connect();
  });
  afterAll(async () => {
    await admin.close();
  });

  readStoreContract(
    'MongoDB',
    async () => {
      const dbName = `read_store_contract_${process.pid}_${++counter}`;
      const store = await MongoReadStore.connect(url, dbName);
      databases.set(store, dbName);
      return store;
    },
    async (store) => {
      const dbName = databases.get(store);
      databases.delete(store);
      if (dbName) await admin.db(dbName).dropDatabase();
    },
  );
});
