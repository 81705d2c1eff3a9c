import type { Query, Paginated, Where } from '@portal/contracts';

/**
 * The read store port. Two adapters answer the same Feathers queries identically
 * (read-store.contract.ts): embedded SQLite and MongoDB.
 */

export type Doc = Record<string, unknown> & { id: string | number };

declare const rowType: unique symbol;
/**
 * A collection's name that carries the type of its records: reads through it return `Row`s and writes take
 * them. Handles are made once per collection (`@portal/read-models`); a plain name reads untyped `Doc`s.
 */
export type Collection<Row = Doc> = string & { readonly [rowType]?: Row };

/** What every stored record has: its id. */
export interface Keyed {
  id: string | number;
}

/** A full-text search: every word of `text` must match (AND); `word*` matches as a prefix. */
export interface SearchRequest {
  text: string;
  /** An already validated Feathers where-clause (client scope, category...) the hits must also match. */
  where: Where;
  skip: number;
  limit: number;
  /** Top-level fields the hits' records come without (after the snippet was cut from them). */
  omit?: string[];
}

/** Plain text (no markup) of one field; highlights are [start, end) offsets into `text`. */
export interface SearchSnippet {
  field: string;
  text: string;
  highlights: Array<[start: number, end: number]>;
}

export interface SearchHit<Row = Doc> {
  doc: Row;
  /** Relevance, higher is better; comparable only within one search of one adapter. */
  rank: number;
  snippet: SearchSnippet | null;
}

export interface CollectionSpec {
  name: string;
  /** Field lists to index, in order (compound indexes). */
  indexes: string[][];
  /** Fields covered by full-text search, if the collection has any. */
  fullText?: string[];
}

/** Writes of one projection batch, with the checkpoints, in one transaction. */
export interface ReadTransaction {
  get<Row = Doc>(collection: Collection<Row> | string, id: string | number): Promise<Row | null>;
  /** Documents matching a Feathers where-clause (for projections that update many records). */
  findWhere<Row = Doc>(collection: Collection<Row> | string, where: Query['where']): Promise<Row[]>;
  put<Row extends Keyed = Doc>(collection: Collection<Row> | string, doc: Row): Promise<void>;
  /** `put` of a record already in its stored form (`docToJson`'s output), where the store can skip the JSON work. */
  putJson?(collection: string, id: string | number, json: string): Promise<void>;
  remove(collection: string, id: string | number): Promise<void>;
  getCheckpoint(name: string): Promise<number | null>;
  setCheckpoint(name: string, position: number | null): Promise<void>;
  /** Removes every record of a collection (rebuild). */
  clear(collection: string): Promise<void>;
}

export interface ReadStore {
  ensureCollections(specs: CollectionSpec[]): Promise<void>;
  find<Row = Doc>(collection: Collection<Row> | string, query: Query): Promise<Paginated<Row>>;
  get<Row = Doc>(collection: Collection<Row> | string, id: string | number): Promise<Row | null>;
  /**
   * Full-text search over a collection with `fullText` fields (else an Error): hits ordered by rank
   * (best first), then by id; `total` counts all hits that also match `where`.
   */
  search<Row = Doc>(collection: Collection<Row> | string, request: SearchRequest): Promise<Paginated<SearchHit<Row>>>;
  getCheckpoint(name: string): Promise<number | null>;
  /** Runs `work` in one transaction: all its writes and checkpoints land together or not at all. */
  transaction<T>(work: (tx: ReadTransaction) => Promise<T>): Promise<T>;
  /** Stable hash of a collection's content (sorted by id), for replay checks. */
  checksum(collection: string): Promise<string>;
  close(): Promise<void>;
}
