import { compareIds, docToJson, matchesWhere, rankOfStored, type CollectionLoad, type Doc, type ReadTransaction } from '@portal/read-store';

type Id = string | number;
type Where = Parameters<ReadTransaction['findWhere']>[1];

/** Per value (its type bracket and value, see `valueKey`), the keys of the records holding it in one field. */
interface FieldIndex {
  keysByValue: Map<string, Set<string>>;
  valueOfKey: Map<string, string>;
}

/**
 * The records of a rebuild, folded in memory: what the projections build from a range of the log before each
 * collection is written once. Records are kept in their stored form (the JSON the store would hold), so a read
 * returns the same fresh object a store read would, and a projection that changes what it read changes nothing
 * here. `findWhere` answers as the store would (same matches, id order) from an index on the first field the
 * query asks to equal, made on the first such query and kept in step with every write after it.
 */
export class FoldedRecords {
  private readonly records = new Map<string, Map<string, string>>();
  private readonly indexes = new Map<string, Map<string, FieldIndex>>();

  constructor(collections: Iterable<string>) {
    for (const name of collections) {
      this.records.set(name, new Map());
      this.indexes.set(name, new Map());
    }
  }

  get<Row = Doc>(collection: string, id: Id): Row | null {
    const json = this.of(collection).get(keyOf(id));
    return json === undefined ? null : (JSON.parse(json) as Row);
  }

  findWhere<Row = Doc>(collection: string, where: Where): Row[] {
    const records = this.of(collection);
    const found: Doc[] = [];
    for (const key of this.candidates(collection, where)) {
      const json = records.get(key);
      if (json === undefined) continue;
      const doc = JSON.parse(json) as Doc;
      if (matchesWhere(doc, where)) found.push(doc);
    }
    return found.sort((a, b) => compareIds(a.id, b.id)) as Row[];
  }

  /** Checks the record as the store would (a plain object with an id) and keeps its stored JSON. */
  put(collection: string, doc: Doc): void {
    const json = docToJson(doc);
    const key = keyOf(doc.id);
    this.of(collection).set(key, json);
    const indexes = this.indexes.get(collection)!;
    if (indexes.size === 0) return;
    const stored = JSON.parse(json) as Doc;
    for (const [field, index] of indexes) reindex(index, key, valueKey(storedField(stored, field)));
  }

  remove(collection: string, id: Id): void {
    const key = keyOf(id);
    this.of(collection).delete(key);
    for (const index of this.indexes.get(collection)!.values()) reindex(index, key, null);
  }

  /** Every collection's records as the store loads them: (JSON of the id, stored JSON). */
  loads(): CollectionLoad[] {
    return [...this.records].map(([name, records]) => ({ name, records }));
  }

  /** Records (all collections); what a rebuild holds in memory. */
  get size(): number {
    let size = 0;
    for (const records of this.records.values()) size += records.size;
    return size;
  }

  /** Keys that may match: one id, the records holding the first equality's value, or all. */
  private candidates(collection: string, where: Where): Iterable<string> {
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
    for (const [key, json] of this.of(collection)) reindex(index, key, valueKey(storedField(JSON.parse(json) as Doc, field)));
    indexes.set(field, index);
    return index;
  }

  private of(collection: string): Map<string, string> {
    const records = this.records.get(collection);
    // The store refuses a collection nobody declared; so does a rebuild.
    if (!records) throw new Error(`Unknown read-store collection '${collection}': no projection declares it`);
    return records;
  }
}

function reindex(index: FieldIndex, key: string, value: string | null): void {
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

/** A field of a stored record as the store reads it (only objects are walked). */
function storedField(doc: Doc, field: string): unknown {
  let value: unknown = doc;
  for (const part of field.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.prototype.hasOwnProperty.call(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
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

/** 5 and "5" are different records (the stores key by the id's JSON); an id must be a string or a finite number. */
function keyOf(id: Id): string {
  if (typeof id !== 'string' && !(typeof id === 'number' && Number.isFinite(id))) throw new TypeError('A record id must be a string or a finite number');
  return JSON.stringify(id);
}
