export type { ReadStore, ReadTransaction, CollectionSpec, Doc } from './read-store.port';
