import {
  compareIds,
  copyStored,
  matchesWhere,
  rankOfStored,
  storedForm,
  storedValueAt,
  type CollectionLoad,
  type Doc,
  type ReadTransaction,
} from '@portal/read-store';

type Id = string | number;
type Where = Parameters<ReadTransaction['findWhere']>[1];

/** Per value (its type bracket and value, see `valueKey`), the keys of the records holding it in one field. */
interface FieldIndex {
  keysByValue: Map<string, Set<Id>>;
  valueOfKey: Map<Id, string>;
}

/**
 * The records of a rebuild, folded in memory: what the projections build from a range of the log before each
 * collection is written once. Records are kept in their stored form (`storedForm`: what the store would give
 * back), frozen, keyed by their id (a Map tells 5 from "5", as the store does). A read returns the frozen
 * record itself (`copies` false: nothing to copy, and a projection that tries to change it throws a TypeError in
 * strict mode) or a fresh copy, as a store read does (`copies` true). `findWhere` answers as the store would (same matches, id order) from an
 * index on the first field the query asks to equal, made on the first such query and kept in step with every
 * write after it.
 */
export class FoldedRecords {
  private readonly records = new Map<string, Map<Id, Doc>>();
  private readonly indexes = new Map<string, Map<string, FieldIndex>>();

  constructor(collections: Iterable<string>) {
    for (const name of collections) {
      this.records.set(name, new Map());
      this.indexes.set(name, new Map());
    }
  }

  get<Row = Doc>(collection: string, id: Id, copies: boolean): Row | null {
    const doc = this.of(collection).get(keyOf(id));
    return doc === undefined ? null : ((copies ? copyStored(doc) : doc) as Row);
  }

  findWhere<Row = Doc>(collection: string, where: Where, copies: boolean): Row[] {
    const records = this.of(collection);
    const found: Doc[] = [];
    for (const key of this.candidates(collection, where)) {
      const doc = records.get(key);
      if (doc !== undefined && matchesWhere(doc, where)) found.push(doc);
    }
    found.sort((a, b) => compareIds(a.id, b.id));
    return (copies ? found.map((doc) => copyStored(doc)) : found) as Row[];
  }

  /**
   * Checks the record as the store would (a plain object with an id) and keeps its stored form. Takes the record
   * over (frozen in place when it is in stored form): a put intent's record is a fresh copy (`put` makes one).
   */
  put(collection: string, doc: Doc): void {
    const stored = storedForm(doc, { adopt: true });
    const key = keyOf(doc.id);
    this.of(collection).set(key, stored);
    const indexes = this.indexes.get(collection)!;
    // Most collections are never queried during a rebuild: no iterator per put for them.
    if (indexes.size > 0) for (const [field, index] of indexes) reindex(index, key, valueKey(storedValueAt(stored, field)));
  }

  remove(collection: string, id: Id): void {
    const key = keyOf(id);
    this.of(collection).delete(key);
    for (const index of this.indexes.get(collection)!.values()) reindex(index, key, null);
  }

  /** Every collection's records as the store loads them: (JSON of the id, stored JSON), written as they are read. */
  loads(): CollectionLoad[] {
    return [...this.records].map(([name, records]) => ({ name, records: asJson(records) }));
  }

  /** Keys that may match: one id, the records holding the first equality's value, or all. */
  private candidates(collection: string, where: Where): Iterable<Id> {
    for (const [field, condition] of Object.entries(where)) {
      if (field.startsWith('$') || !isEqualityValue(condition)) continue;
      if (field === 'id') return typeof condition === 'string' || typeof condition === 'number' ? [keyOf(condition)] : [];
      return [...(this.indexOn(collection, field).keysByValue.get(valueKey(condition)) ?? [])];
    }
    return [...this.of(collection).keys()];
  }

  private indexOn(collection: string, field: string): FieldIndex {
    const indexes = this.indexes.get(collection)!;
    let index = indexes.get(field);
    if (index) return index;
    index = { keysByValue: new Map(), valueOfKey: new Map() };
    for (const [key, doc] of this.of(collection)) reindex(index, key, valueKey(storedValueAt(doc, field)));
    indexes.set(field, index);
    return index;
  }

  private of(collection: string): Map<Id, Doc> {
    const records = this.records.get(collection);
    // The store refuses a collection nobody declared; so does a rebuild.
    if (!records) throw new Error(`Unknown read-store collection '${collection}': no projection declares it`);
    return records;
  }
}

function* asJson(records: Map<Id, Doc>): Iterable<readonly [string, string]> {
  for (const [id, doc] of records) yield [JSON.stringify(id), JSON.stringify(doc)];
}

function reindex(index: FieldIndex, key: Id, value: string | null): void {
  const old = index.valueOfKey.get(key);
  if (old === value) return;
  if (old !== undefined) {
    const keys = index.keysByValue.get(old)!;
    keys.delete(key);
    if (keys.size === 0) index.keysByValue.delete(old);
  }
  if (value === null) {
    index.valueOfKey.delete(key);
    return;
  }
  index.valueOfKey.set(key, value);
  let keys = index.keysByValue.get(value);
  if (!keys) index.keysByValue.set(value, (keys = new Set()));
  keys.add(key);
}

/** Equal keys for values the store finds equal: the same type bracket and the same value. */
function valueKey(value: unknown): string {
  const rank = rankOfStored(value);
  if (rank === 1 || rank === 2) return `${rank}:${String(value)}`;
  if (rank === 5) return value ? '5:1' : '5:0';
  return String(rank);
}

function isEqualityValue(condition: unknown): boolean {
  return condition === null || typeof condition === 'string' || typeof condition === 'boolean' || (typeof condition === 'number' && Number.isFinite(condition));
}

/** An id must be a string or a finite number (-0 is 0, in a Map as in the id's JSON). */
function keyOf(id: Id): Id {
  if (typeof id !== 'string' && !(typeof id === 'number' && Number.isFinite(id))) throw new TypeError('A record id must be a string or a finite number');
  return id;
}
