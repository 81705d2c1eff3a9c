export type {
  ReadStore,
  ReadTransaction,
  Collection,
  CollectionSpec,
  CollectionLoad,
  Keyed,
  Doc,
  SearchRequest,
  SearchHit,
  SearchSnippet,
  FeedChange,
  FeedBatch,
  LoadedFeedChange,
  LoadedFeedBatch,
  ChangeFeed,
  FeedSubscription,
  FollowOptions,
  FeedRetention,
  LeaseClaim,
  LeaseState,
  Fence,
  Leases,
  Builds,
  TransactionOptions,
} from './read-store.port';
export { FencedOut } from './read-store.port';
export { recordSummary, summariesDiffer } from './feed/record-summary';
export { FeedGap } from './feed/feed-gap';
export { BatchChanges } from './feed/batch-changes';
export { WriterLease } from './feed/writer-lease';
export { FeedTracker } from './feed/feed-tracker';
export type { FeedTrackerOptions } from './feed/feed-tracker';
export type { WriterLeaseOptions } from './feed/writer-lease';
export { parseQuery } from './query/parse-query';
export type { ParseQueryOptions, ParsedQuery } from './query/parse-query';
export { MAX_IN_ENTRIES, MAX_BRANCHES, MAX_NESTING_DEPTH, MAX_SKIP, MAX_CONDITIONS, MAX_BOUND_VALUES } from './query/limits';
export { SqliteReadStore } from './sqlite/sqlite-read-store';
export type { SqliteReadStoreOptions } from './sqlite/sqlite-read-store';
export { SqliteReadPool } from './sqlite/read-pool';
export { PooledSqliteReadStore } from './sqlite/pooled-read-store';
export { MongoReadStore } from './mongo/mongo-read-store';
export { canonicalJson } from './shared/canonical-json';
export { omitFields } from './shared/docs';
export { checksumDocs } from './shared/checksum';
export { compareIds } from './shared/ids';
export { SerialQueue } from './shared/serial-queue';
export { parseSearchText } from './search/search-terms';
export type { SearchTerm } from './search/search-terms';
export { docToJson } from './shared/docs';
export { storedForm, copyStored } from './shared/stored-form';
export { matchesWhere, storedValueAt, rankOfStored } from './shared/match-where';
