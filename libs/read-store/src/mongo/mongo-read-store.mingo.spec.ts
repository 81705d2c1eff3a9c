import { readStoreContract } from '../../test/read-store.contract';
import { InMemoryMongo } from '../../test/in-memory-mongo';
import { MongoReadStore } from './mongo-read-store';

/**
 * The read-store contract over the MongoDB adapter with MongoDB's query language in memory (mingo): the same
 * filters, sorts, projections, transactions, feed, lease and build copies the SQLite adapter is held to, as the
 * driver sees them. The run against a real server (mongo-read-store.int.spec.ts) needs MONGO_URL.
 */
readStoreContract('MongoDB (in-memory query language)', async () => {
  const server = new InMemoryMongo();
  return new MongoReadStore(server.client(), server.db());
});
