export type { ReadStore, ReadTransaction, CollectionSpec, Doc, SearchRequest, SearchHit, SearchSnippet } from './read-store.port';
export { parseQuery } from './query/parse-query';
export type { ParseQueryOptions, ParsedQuery } from './query/parse-query';
export { MAX_IN_ENTRIES, MAX_BRANCHES, MAX_NESTING_DEPTH, MAX_SKIP, MAX_CONDITIONS, MAX_BOUND_VALUES } from './query/limits';
export { SqliteReadStore } from './sqlite/sqlite-read-store';
export { SqliteReadPool } from './sqlite/read-pool';
export { PooledSqliteReadStore } from './sqlite/pooled-read-store';
export { MongoReadStore } from './mongo/mongo-read-store';
export { canonicalJson } from './shared/canonical-json';
export { omitFields } from './shared/docs';
export { checksumDocs } from './shared/checksum';
export { compareIds } from './shared/ids';
export { parseSearchText } from './search/search-terms';
export type { SearchTerm } from './search/search-terms';

// Synthetic invoice text for the benchmarks (deterministic).
export { random as seededRandom, COMMON_INVOICE_WORDS, tailWord, syntheticInvoice } from './bench/synthetic-invoices';
export { docToJson } from './shared/docs';
