import { deepFreeze } from '@portal/domain';
import type { Doc, ReadTransaction } from '@portal/read-store';

type Id = string | number;
type Where = Parameters<ReadTransaction['findWhere']>[1];

/** A record as the batch sees it: its stored form (the JSON round trip), deep-frozen, or null when absent. */
type Record_ = Readonly<Doc> | null;

/**
 * The records one projection batch touches, kept in memory until the batch ends (the profile of a
 * replay showed most of its time in one read and one write per event). A record read twice is read
 * from the store once; a record written by many events of the batch is written once, with its last
 * state. Records are kept in their stored form (the JSON round trip the store would give) and frozen:
 * every read returns the same object without parsing it again (the replay profile showed a fifth of its
 * time in JSON parse and stringify here), and a projection that tried to change what it read would fail
 * instead of changing the batch behind its back. A `findWhere` sees every write before it: pending writes
 * go to the store first. `flush` writes what is pending; call it before the checkpoints commit.
 */
export class BufferedTransaction {
  private readonly entries = new Map<string, Map<string, Record_>>();
  /** Per collection, the keys of records not yet written, in the order first written. */
  private readonly pending = new Map<string, Set<string>>();

  constructor(private readonly tx: ReadTransaction) {}

  async get(collection: string, id: Id): Promise<Doc | null> {
    return (await this.read(collection, id)) as Doc | null;
  }

  async exists(collection: string, id: Id): Promise<boolean> {
    return (await this.read(collection, id)) !== null;
  }

  async findWhere(collection: string, where: Where): Promise<Doc[]> {
    await this.flushCollection(collection);
    return this.tx.findWhere(collection, where);
  }

  put(collection: string, doc: Doc): void {
    this.set(collection, doc.id, deepFreeze(JSON.parse(JSON.stringify(doc)) as Doc));
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
      const record = records.get(key)!;
      if (record === null) await this.tx.remove(collection, idOf(key));
      else await this.tx.put(collection, record as Doc);
    }
  }

  private async read(collection: string, id: Id): Promise<Record_> {
    const records = this.collection(collection);
    const key = keyOf(id);
    const known = records.get(key);
    if (known !== undefined) return known;
    // The store answers a freshly parsed object: nobody else holds it.
    const doc = deepFreeze(await this.tx.get(collection, id));
    records.set(key, doc);
    return doc;
  }

  private set(collection: string, id: Id, record: Record_): void {
    const key = keyOf(id);
    this.collection(collection).set(key, record);
    let keys = this.pending.get(collection);
    if (!keys) this.pending.set(collection, (keys = new Set()));
    keys.add(key);
  }

  private collection(name: string): Map<string, Record_> {
    let records = this.entries.get(name);
    if (!records) this.entries.set(name, (records = new Map()));
    return records;
  }
}

/** 5 and "5" are different records (the stores key by the id's JSON). */
const keyOf = (id: Id): string => JSON.stringify(id);
const idOf = (key: string): Id => JSON.parse(key) as Id;
