import type { Paginated, Query } from '@portal/contracts';
import type {
  Builds,
  ChangeFeed,
  Collection,
  CollectionSpec,
  Doc,
  Leases,
  ReadStore,
  ReadTransaction,
  SearchHit,
  SearchRequest,
  TransactionOptions,
} from '../read-store.port';
import { assertSearchable } from '../search/document-text';
import type { Id } from '../shared/ids';
import { SqliteReadPool } from './read-pool';

/**
 * The embedded read store with its finds and searches in worker threads (read-pool.ts); writes,
 * transactions, single gets, the change feed and checksums stay with the wrapped store. Same answers,
 * same snapshot rules (each reader sees committed data), but a long query no longer blocks the event loop.
 */
export class PooledSqliteReadStore implements ReadStore {
  private readonly specs = new Map<string, CollectionSpec>();

  constructor(
    private readonly inner: ReadStore,
    private readonly pool: SqliteReadPool,
  ) {}

  get feed(): ChangeFeed {
    return this.inner.feed;
  }

  get leases(): Leases {
    return this.inner.leases;
  }

  get builds(): Builds {
    return this.inner.builds;
  }

  async ensureCollections(specs: CollectionSpec[]): Promise<void> {
    await this.inner.ensureCollections(specs);
    for (const spec of specs) this.specs.set(spec.name, spec);
  }

  find<Row = Doc>(collection: Collection<Row> | string, query: Query): Promise<Paginated<Row>> {
    this.specOf(collection);
    return this.pool.find(collection, query) as Promise<Paginated<Row>>;
  }

  get<Row = Doc>(collection: Collection<Row> | string, id: Id): Promise<Row | null> {
    return this.inner.get(collection, id);
  }

  search<Row = Doc>(collection: Collection<Row> | string, request: SearchRequest): Promise<Paginated<SearchHit<Row>>> {
    return this.pool.search(assertSearchable(this.specOf(collection), collection), request) as Promise<Paginated<SearchHit<Row>>>;
  }

  getCheckpoint(name: string): Promise<number | null> {
    return this.inner.getCheckpoint(name);
  }

  transaction<T>(work: (tx: ReadTransaction) => Promise<T>, options?: TransactionOptions): Promise<T> {
    return this.inner.transaction(work, options);
  }

  checksum(collection: string): Promise<string> {
    return this.inner.checksum(collection);
  }

  async close(): Promise<void> {
    await this.pool.close();
    await this.inner.close();
  }

  private specOf(name: string): CollectionSpec {
    const spec = this.specs.get(name);
    if (!spec) throw new Error(`Unknown read-store collection '${name}': call ensureCollections first`);
    return spec;
  }
}
