import type { Query, Where } from '@portal/contracts';
import type { CollectionSpec, Doc, ReadStore } from '../src/read-store.port';
import { feedContract } from './read-store-feed.contract';
import { searchContract, SEARCH_SPEC } from './read-store-search.contract';
import { checksumDocs } from '../src/shared/checksum';

/**
 * The behaviour every ReadStore adapter must show, with exact expected answers: an adapter that
 * passes gives the same results as every other one for the same data and queries.
 */

const ITEMS = 'items';
const OTHER = 'other-items';

export const CONTRACT_SPECS: CollectionSpec[] = [
  { name: ITEMS, indexes: [['kind'], ['n', 'kind']], fullText: ['s'] },
  { name: OTHER, indexes: [] },
  SEARCH_SPEC,
];

/** Ids mix numbers and strings; `n` mixes numbers, a numeric string, null, missing and a boolean. */
export const CONTRACT_DATASET: Doc[] = [
  { id: 1, kind: 'a', n: 1, s: 'apple', flag: true },
  { id: 2, kind: 'b', n: 2, s: 'Banana', flag: false },
  { id: 3, kind: 'a', n: 3, s: 'cherry', flag: null },
  { id: 4, kind: 'b', n: '4', s: 'date' },
  { id: 5, kind: 'c', n: null, s: 'éclair' },
  { id: 'x1', kind: 'c', s: 'fig' },
  { id: 'x2', kind: 'a', n: 10, s: 'apple', flag: true },
  { id: 10, kind: 'b', n: 2.5, s: 'grape' },
  { id: 'x10', kind: 'a', n: true, s: 'Zebra' },
  { id: 'X', kind: 'd', n: -1, s: 'apple', nested: { city: 'Berlin' } },
];

/** What every adapter must answer for checksum(items) after the dataset is put (the contract also pins its hex). */
export const CONTRACT_DATASET_CHECKSUM = checksumDocs(CONTRACT_DATASET);

const ALL_IDS = [1, 2, 3, 4, 5, 10, 'X', 'x1', 'x10', 'x2'];

function query(where: Where, rest: Partial<Omit<Query, 'where'>> = {}): Query {
  return { where, sort: [], skip: 0, limit: 100, ...rest };
}

function ids(docs: Doc[]): Array<string | number> {
  return docs.map((doc) => doc.id);
}

interface WhereCase {
  name: string;
  where: Where;
  expected: Array<string | number>;
}

const WHERE_CASES: WhereCase[] = [
  { name: 'an empty where matches every record, ordered by id (numbers first, then strings byte-wise)', where: {}, expected: ALL_IDS },
  { name: 'equality on a string field matches exactly', where: { kind: 'a' }, expected: [1, 3, 'x10', 'x2'] },
  { name: 'equality on a number does not match the numeric string', where: { n: 4 }, expected: [] },
  { name: 'equality on a numeric string matches only the string', where: { n: '4' }, expected: [4] },
  { name: 'equality with 2 matches the integer', where: { n: 2 }, expected: [2] },
  { name: 'equality with a fraction matches it', where: { n: 2.5 }, expected: [10] },
  { name: 'equality with null matches null and missing fields', where: { n: null }, expected: [5, 'x1'] },
  { name: 'equality with null on a mostly missing field matches all records without it', where: { flag: null }, expected: [3, 4, 5, 10, 'X', 'x1', 'x10'] },
  { name: 'equality with true matches only booleans true', where: { flag: true }, expected: [1, 'x2'] },
  { name: 'equality with false matches only booleans false', where: { flag: false }, expected: [2] },
  { name: 'equality on a dotted path matches a nested field', where: { 'nested.city': 'Berlin' }, expected: ['X'] },
  { name: '$in matches any listed value of the same type, and null matches missing', where: { n: { $in: [1, '4', null] } }, expected: [1, 4, 5, 'x1'] },
  { name: '$in with booleans matches booleans only', where: { n: { $in: [true] } }, expected: ['x10'] },
  { name: '$in with an empty list matches nothing', where: { n: { $in: [] } }, expected: [] },
  { name: '$nin excludes listed values and keeps records missing the field', where: { n: { $nin: [1, 2] } }, expected: [3, 4, 5, 10, 'X', 'x1', 'x10', 'x2'] },
  { name: '$nin with null excludes null and missing', where: { n: { $nin: [null] } }, expected: [1, 2, 3, 4, 10, 'X', 'x10', 'x2'] },
  { name: '$nin with an empty list matches everything', where: { n: { $nin: [] } }, expected: ALL_IDS },
  { name: '$gt on a number matches only numbers', where: { n: { $gt: 2 } }, expected: [3, 10, 'x2'] },
  { name: '$gte and $lt together form a half-open range', where: { n: { $gte: 2, $lt: 10 } }, expected: [2, 3, 10] },
  { name: '$lte includes the bound and negative numbers', where: { n: { $lte: 1 } }, expected: [1, 'X'] },
  { name: '$gt on a string matches only strings', where: { n: { $gt: '3' } }, expected: [4] },
  { name: '$lt on strings compares bytes, so upper case sorts before lower case', where: { s: { $lt: 'b' } }, expected: [1, 2, 'X', 'x10', 'x2'] },
  { name: '$gte on strings puts non-ASCII letters after ASCII ones', where: { s: { $gte: 'e' } }, expected: [5, 10, 'x1'] },
  { name: '$lt on booleans orders false before true', where: { flag: { $lt: true } }, expected: [2] },
  {
    name: '$ne matches records with another value and records missing the field',
    where: { n: { $ne: 2 } },
    expected: [1, 3, 4, 5, 10, 'X', 'x1', 'x10', 'x2'],
  },
  { name: '$ne null matches records where the field is present and not null', where: { n: { $ne: null } }, expected: [1, 2, 3, 4, 10, 'X', 'x10', 'x2'] },
  { name: '$ne true keeps false, null and missing', where: { flag: { $ne: true } }, expected: [2, 3, 4, 5, 10, 'X', 'x1', 'x10'] },
  { name: '$or matches either branch', where: { $or: [{ kind: 'c' }, { n: { $gt: 5 } }] }, expected: [5, 'x1', 'x2'] },
  { name: '$and matches both branches', where: { $and: [{ kind: 'a' }, { s: 'apple' }] }, expected: [1, 'x2'] },
  { name: 'fields and $or at the same level are combined with and', where: { kind: 'a', $or: [{ n: 1 }, { n: true }] }, expected: [1, 'x10'] },
  {
    name: 'nested $or and $and combine as written',
    where: {
      $or: [{ $and: [{ kind: 'b' }, { n: { $in: [2, '4'] } }] }, { $and: [{ kind: 'd' }, { $or: [{ n: -1 }, { n: 0 }] }] }],
    },
    expected: [2, 4, 'X'],
  },
  { name: 'equality on id matches the id of the same type only', where: { id: 3 }, expected: [3] },
  { name: 'a numeric string does not match a number id', where: { id: '3' }, expected: [] },
  { name: '$in on id matches numbers and strings by type', where: { id: { $in: [1, 'x1', '1'] } }, expected: [1, 'x1'] },
  { name: '$gt on id compares number ids only', where: { id: { $gt: 4 } }, expected: [5, 10] },
  { name: '$gte on id compares string ids only', where: { id: { $gte: 'x' } }, expected: ['x1', 'x10', 'x2'] },
  { name: '$nin on id excludes the listed ids', where: { id: { $nin: [1, 2, 3, 'X'] } }, expected: [4, 5, 10, 'x1', 'x10', 'x2'] },
  { name: '$ne on id excludes one id', where: { id: { $ne: 1 } }, expected: ALL_IDS.slice(1) },
];

interface SortCase {
  name: string;
  sort: Query['sort'];
  expected: Array<string | number>;
}

const SORT_CASES: SortCase[] = [
  {
    name: 'ascending sort puts null and missing first, then numbers, then strings, then booleans',
    sort: [['n', 1]],
    expected: [5, 'x1', 'X', 1, 2, 10, 3, 'x2', 4, 'x10'],
  },
  {
    name: 'descending sort reverses the type order and keeps ids ascending among ties',
    sort: [['n', -1]],
    expected: ['x10', 4, 'x2', 3, 10, 2, 1, 'X', 5, 'x1'],
  },
  {
    name: 'a multi-field sort with mixed directions sorts by each field in turn',
    sort: [
      ['kind', 1],
      ['s', -1],
    ],
    expected: [3, 1, 'x2', 'x10', 10, 4, 2, 5, 'x1', 'X'],
  },
  {
    name: 'sorting by a boolean field puts false before true after the missing ones',
    sort: [['flag', 1]],
    expected: [3, 4, 5, 10, 'X', 'x1', 'x10', 2, 1, 'x2'],
  },
  { name: 'sorting by id descending puts strings first', sort: [['id', -1]], expected: [...ALL_IDS].reverse() },
];

export function readStoreContract(name: string, makeStore: () => Promise<ReadStore>, cleanup?: (store: ReadStore) => Promise<void>): void {
  describe(`${name} read store contract`, () => {
    let store: ReadStore;

    beforeEach(async () => {
      store = await makeStore();
      await store.ensureCollections(CONTRACT_SPECS);
      await store.transaction(async (tx) => {
        for (const doc of CONTRACT_DATASET) await tx.put(ITEMS, doc);
      });
    });

    afterEach(async () => {
      if (cleanup) await cleanup(store);
      await store.close();
    });

    describe('collections', () => {
      it('ensureCollections can run again without losing records', async () => {
        await store.ensureCollections(CONTRACT_SPECS);
        await store.ensureCollections(CONTRACT_SPECS);
        expect((await store.find(ITEMS, query({}))).total).toBe(CONTRACT_DATASET.length);
      });

      it('a collection that was never ensured is refused', async () => {
        await expect(store.get('never-ensured', 1)).rejects.toThrow(/never-ensured/);
      });
    });

    describe('records', () => {
      it('get returns a record with its id type and nested values intact', async () => {
        const doc: Doc = { id: 7, a: 1.5, b: '1.5', c: null, d: [1, '2', { e: true }], f: { g: { h: 'i' } } };
        await store.transaction((tx) => tx.put(OTHER, doc));
        expect(await store.get(OTHER, 7)).toEqual(doc);
        expect(await store.get(OTHER, '7')).toBeNull();
      });

      it('string ids that look like numbers stay strings', async () => {
        await store.transaction((tx) => tx.put(OTHER, { id: '7', v: 1 }));
        expect(await store.get(OTHER, '7')).toEqual({ id: '7', v: 1 });
        expect(await store.get(OTHER, 7)).toBeNull();
      });

      it('get of a missing id returns null', async () => {
        expect(await store.get(ITEMS, 'nope')).toBeNull();
      });

      it('put replaces the whole record', async () => {
        await store.transaction((tx) => tx.put(ITEMS, { id: 1, kind: 'z' }));
        expect(await store.get(ITEMS, 1)).toEqual({ id: 1, kind: 'z' });
      });

      it('put drops undefined fields like JSON does', async () => {
        await store.transaction((tx) => tx.put(OTHER, { id: 'u', a: undefined, b: 1 }));
        expect(await store.get(OTHER, 'u')).toEqual({ id: 'u', b: 1 });
        expect(Object.keys((await store.get(OTHER, 'u')) ?? {})).not.toContain('a');
      });

      it('remove deletes a record and ignores a missing one', async () => {
        await store.transaction(async (tx) => {
          await tx.remove(ITEMS, 'x1');
          await tx.remove(ITEMS, 'not-there');
        });
        expect(await store.get(ITEMS, 'x1')).toBeNull();
        expect((await store.find(ITEMS, query({}))).total).toBe(CONTRACT_DATASET.length - 1);
      });

      it('clear removes every record of one collection and nothing else', async () => {
        await store.transaction(async (tx) => {
          await tx.put(OTHER, { id: 1 });
          await tx.setCheckpoint('items-projection', 42);
        });
        await store.transaction((tx) => tx.clear(ITEMS));
        expect((await store.find(ITEMS, query({}))).total).toBe(0);
        expect(await store.get(OTHER, 1)).toEqual({ id: 1 });
        expect(await store.getCheckpoint('items-projection')).toBe(42);
      });
    });

    describe('where clauses', () => {
      it.each(WHERE_CASES)('$name', async ({ where, expected }) => {
        const result = await store.find(ITEMS, query(where));
        expect(ids(result.data)).toEqual(expected);
        expect(result.total).toBe(expected.length);
      });

      it('findWhere returns every matching record in id order', async () => {
        const found = await store.transaction((tx) => tx.findWhere(ITEMS, { kind: { $in: ['a', 'c'] } }));
        expect(ids(found)).toEqual([1, 3, 5, 'x1', 'x10', 'x2']);
        expect(found[0]).toEqual(CONTRACT_DATASET[0]);
      });

      it('findWhere inside a transaction sees that transaction’s own writes', async () => {
        const found = await store.transaction(async (tx) => {
          await tx.put(ITEMS, { id: 99, kind: 'new' });
          await tx.remove(ITEMS, 1);
          return tx.findWhere(ITEMS, { $or: [{ kind: 'new' }, { id: 1 }] });
        });
        expect(ids(found)).toEqual([99]);
      });
    });

    describe('sorting and paging', () => {
      it.each(SORT_CASES)('$name', async ({ sort, expected }) => {
        expect(ids((await store.find(ITEMS, query({}, { sort }))).data)).toEqual(expected);
      });

      it('skip and limit page through the sorted records, with the total of all matches', async () => {
        const page = await store.find(ITEMS, query({}, { sort: [['n', 1]], skip: 2, limit: 3 }));
        expect(page).toMatchObject({ total: 10, skip: 2, limit: 3 });
        expect(ids(page.data)).toEqual(['X', 1, 2]);
      });

      it('pages of a sort with ties never repeat or skip a record', async () => {
        const seen: Array<string | number> = [];
        for (let skip = 0; skip < 10; skip += 3) {
          seen.push(...ids((await store.find(ITEMS, query({}, { sort: [['kind', 1]], skip, limit: 3 }))).data));
        }
        expect(seen).toEqual([1, 3, 'x10', 'x2', 2, 4, 10, 5, 'x1', 'X']);
      });

      it('a skip past the end returns no records but the full total', async () => {
        expect(await store.find(ITEMS, query({ kind: 'a' }, { skip: 50 }))).toEqual({ total: 4, limit: 100, skip: 50, data: [] });
      });

      it('limit 0 only counts', async () => {
        expect(await store.find(ITEMS, query({ kind: 'a' }, { limit: 0 }))).toEqual({ total: 4, limit: 0, skip: 0, data: [] });
      });
    });

    describe('select', () => {
      it('$select returns only the selected fields plus id, leaving out missing ones', async () => {
        const result = await store.find(ITEMS, query({ kind: 'a' }, { select: ['s', 'flag'] }));
        expect(result.data).toEqual([
          { id: 1, s: 'apple', flag: true },
          { id: 3, s: 'cherry', flag: null },
          { id: 'x10', s: 'Zebra' },
          { id: 'x2', s: 'apple', flag: true },
        ]);
      });

      it('$select of a dotted path returns the nested value only', async () => {
        const result = await store.find(ITEMS, query({ id: 'X' }, { select: ['nested.city'] }));
        expect(result.data).toEqual([{ id: 'X', nested: { city: 'Berlin' } }]);
      });

      it('an empty $select returns ids only', async () => {
        const result = await store.find(ITEMS, query({ kind: 'd' }, { select: [] }));
        expect(result.data).toEqual([{ id: 'X' }]);
      });

      it('omit leaves the named top-level fields out of every record and keeps the rest as stored', async () => {
        const whole = await store.find(ITEMS, query({ kind: 'a' }));
        const without = await store.find(ITEMS, { ...query({ kind: 'a' }), omit: ['s', 'flag', 'id'] });
        expect(without.total).toBe(whole.total);
        expect(without.data).toEqual(whole.data.map(({ s: _s, flag: _flag, ...rest }) => rest));
      });
    });

    describe('transactions and checkpoints', () => {
      it('a checkpoint is null until set, then holds the last value, and null removes it', async () => {
        expect(await store.getCheckpoint('p')).toBeNull();
        await store.transaction((tx) => tx.setCheckpoint('p', 5));
        await store.transaction((tx) => tx.setCheckpoint('p', 7));
        expect(await store.getCheckpoint('p')).toBe(7);
        await store.transaction((tx) => tx.setCheckpoint('p', null));
        expect(await store.getCheckpoint('p')).toBeNull();
      });

      it('a transaction commits its writes and checkpoint together and returns the work’s result', async () => {
        const result = await store.transaction(async (tx) => {
          await tx.put(OTHER, { id: 'a', v: 1 });
          await tx.setCheckpoint('p', 12);
          expect(await tx.getCheckpoint('p')).toBe(12);
          expect(await tx.get(OTHER, 'a')).toEqual({ id: 'a', v: 1 });
          return 'done';
        });
        expect(result).toBe('done');
        expect(await store.get(OTHER, 'a')).toEqual({ id: 'a', v: 1 });
        expect(await store.getCheckpoint('p')).toBe(12);
      });

      it('a throwing work leaves no write and no checkpoint, and its error reaches the caller', async () => {
        await store.transaction((tx) => tx.setCheckpoint('p', 1));
        const failing = store.transaction(async (tx) => {
          await tx.put(OTHER, { id: 'a', v: 1 });
          await tx.remove(ITEMS, 1);
          await tx.clear(ITEMS);
          await tx.setCheckpoint('p', 2);
          throw new Error('projection failed');
        });
        await expect(failing).rejects.toThrow('projection failed');
        expect(await store.get(OTHER, 'a')).toBeNull();
        expect(await store.get(ITEMS, 1)).toEqual(CONTRACT_DATASET[0]);
        expect((await store.find(ITEMS, query({}))).total).toBe(CONTRACT_DATASET.length);
        expect(await store.getCheckpoint('p')).toBe(1);
      });

      it('the store keeps working after a rolled back transaction', async () => {
        await expect(store.transaction(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
        await store.transaction((tx) => tx.put(OTHER, { id: 1 }));
        expect(await store.get(OTHER, 1)).toEqual({ id: 1 });
      });

      it('concurrent transactions run one after another in call order', async () => {
        const log: string[] = [];
        const slow = store.transaction(async (tx) => {
          log.push('first starts');
          await new Promise((resolve) => setTimeout(resolve, 30));
          await tx.put(OTHER, { id: 1, by: 'first' });
          log.push('first ends');
        });
        const fast = store.transaction(async (tx) => {
          log.push('second starts');
          await tx.put(OTHER, { id: 1, by: 'second' });
          log.push('second ends');
        });
        await Promise.all([slow, fast]);
        expect(log).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
        expect(await store.get(OTHER, 1)).toEqual({ id: 1, by: 'second' });
      });

      it('a transaction object cannot be used after its transaction ended', async () => {
        let escaped: Parameters<Parameters<ReadStore['transaction']>[0]>[0] | undefined;
        await store.transaction(async (tx) => {
          escaped = tx;
        });
        await expect(escaped?.put(OTHER, { id: 1 })).rejects.toThrow(/ended/);
      });
    });

    searchContract(() => store);

    describe('change feed, writer lease and build copies', () => {
      feedContract(() => store);
    });

    describe('checksum', () => {
      it('the checksum of a collection is the content checksum of its records', async () => {
        expect(await store.checksum(ITEMS)).toBe(CONTRACT_DATASET_CHECKSUM);
        expect(CONTRACT_DATASET_CHECKSUM).toBe('ece69bcaa9f59efcd258f7c4a4fab8bc44b8d28f8dc92b30a7ba27506365b254');
      });

      it('an empty collection has the checksum of no content', async () => {
        expect(await store.checksum(OTHER)).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
      });

      it('equal content gives equal checksums whatever the insertion and key order', async () => {
        await store.transaction(async (tx) => {
          await tx.clear(ITEMS);
          for (const doc of [...CONTRACT_DATASET].reverse()) {
            const reordered = Object.fromEntries(Object.entries(doc).reverse()) as Doc;
            await tx.put(ITEMS, reordered);
          }
        });
        expect(await store.checksum(ITEMS)).toBe(CONTRACT_DATASET_CHECKSUM);
      });

      it('a changed value or a number turned into a string changes the checksum', async () => {
        await store.transaction((tx) => tx.put(ITEMS, { ...CONTRACT_DATASET[1]!, n: '2' }));
        const changed = await store.checksum(ITEMS);
        expect(changed).not.toBe(CONTRACT_DATASET_CHECKSUM);
        await store.transaction((tx) => tx.put(ITEMS, CONTRACT_DATASET[1]!));
        expect(await store.checksum(ITEMS)).toBe(CONTRACT_DATASET_CHECKSUM);
      });
    });
  });
}
