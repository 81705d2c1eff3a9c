import { docToJson, type Collection, type Doc, type ReadTransaction } from '@portal/read-store';
import { LoopSlice } from '@portal/event-store';

type Id = string | number;
type Where = Parameters<ReadTransaction['findWhere']>[1];

/** A record as the batch sees it: its JSON (a fresh object on every read), or null when absent. */
type Json = string | null;

/**
 * The records one projection batch touches, kept in memory until the batch ends (the profile of a
 * replay showed most of its time in one read and one write per event). A record read twice is read
 * from the store once; a record written by many events of the batch is written once, with its last
 * state. Reads return fresh objects (the JSON round trip the store would give), so a projection that
 * changes what it read changes nothing here. A `findWhere` sees every write before it: pending writes
 * go to the store first. `flush` writes what is pending; call it before the checkpoints commit. Writes run in
 * slices of the budget's time: a batch of thousands of records gives the event loop back between slices.
 */
export class BufferedTransaction {
  private readonly entries = new Map<string, Map<string, Json>>();
  /** Per collection, the keys of records not yet written, in the order first written. */
  private readonly pending = new Map<string, Set<string>>();

  constructor(
    private readonly tx: ReadTransaction,
    private readonly budget: LoopSlice = new LoopSlice(),
  ) {}

  async get<Row = Doc>(collection: Collection<Row> | string, id: Id): Promise<Row | null> {
    const json = await this.read(collection, id);
    return json === null ? null : (JSON.parse(json) as Row);
  }

  async exists(collection: string, id: Id): Promise<boolean> {
    return (await this.read(collection, id)) !== null;
  }

  async findWhere<Row = Doc>(collection: Collection<Row> | string, where: Where): Promise<Row[]> {
    await this.flushCollection(collection);
    return this.tx.findWhere(collection, where);
  }

  /** Checks the record as the store would (a plain object with an id) and keeps its stored JSON. */
  put(collection: string, doc: Doc): void {
    this.set(collection, doc.id, docToJson(doc));
  }

  remove(collection: string, id: Id): void {
    this.set(collection, id, null);
  }

  /** Writes every pending record (in the order first written) to the transaction. */
  async flush(): Promise<void> {
    for (const collection of [...this.pending.keys()]) await this.flushCollection(collection);
  }

  private async flushCollection(collection: string): Promise<void> {
    const keys = this.pending.get(collection);
    if (!keys) return;
    this.pending.delete(collection);
    const records = this.collection(collection);
    for (const key of keys) {
      const json = records.get(key)!;
      if (json === null) await this.tx.remove(collection, idOf(key));
      // The JSON is the stored form already: a store that takes it skips a parse and a stringify per record.
      else if (this.tx.putJson) await this.tx.putJson(collection, idOf(key), json);
      else await this.tx.put(collection, JSON.parse(json) as Doc);
      await this.budget.step();
    }
  }

  private async read(collection: string, id: Id): Promise<Json> {
    const records = this.collection(collection);
    const key = keyOf(id);
    const known = records.get(key);
    if (known !== undefined) return known;
    const doc = await this.tx.get(collection, id);
    const json = doc === null ? null : JSON.stringify(doc);
    records.set(key, json);
    return json;
  }

  private set(collection: string, id: Id, json: Json): void {
    const key = keyOf(id);
    this.collection(collection).set(key, json);
    let keys = this.pending.get(collection);
    if (!keys) this.pending.set(collection, (keys = new Set()));
    keys.add(key);
  }

  private collection(name: string): Map<string, Json> {
    let records = this.entries.get(name);
    if (!records) this.entries.set(name, (records = new Map()));
    return records;
  }
}

/** 5 and "5" are different records (the stores key by the id's JSON). */
const keyOf = (id: Id): string => JSON.stringify(id);
const idOf = (key: string): Id => JSON.parse(key) as Id;
