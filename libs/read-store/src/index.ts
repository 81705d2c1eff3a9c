export type { ReadStore, ReadTransaction, CollectionSpec, Doc } from './read-store.port';
export { parseQuery } from './query/parse-query';
export type { ParseQueryOptions, ParsedQuery } from './query/parse-query';
export { MAX_IN_ENTRIES, MAX_BRANCHES, MAX_NESTING_DEPTH, MAX_SKIP } from './query/limits';
export { SqliteReadStore } from './sqlite/sqlite-read-store';
export { MongoReadStore } from './mongo/mongo-read-store';
export { canonicalJson } from './shared/canonical-json';
export { checksumDocs } from './shared/checksum';
export { compareIds } from './shared/ids';
