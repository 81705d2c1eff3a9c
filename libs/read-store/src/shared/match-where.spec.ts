import type { Where } from '@portal/contracts';
import { SqliteReadStore } from '../sqlite/sqlite-read-store';
import type { Doc } from '../read-store.port';
import { matchesWhere } from './match-where';

/** Records with every type bracket, missing fields, nested objects, arrays and ids of both kinds. */
const DOCS: Doc[] = [
  { id: 1, client_no: 1001, status: 'open', amount: 10.5, paid: false, tags: ['a'], meta: { kind: 'x', n: 1 } },
  { id: 2, client_no: '1001', status: 'pending', amount: -3, paid: true, meta: { kind: 'y' } },
  { id: 3, client_no: 1002, status: null, amount: 0, paid: false, meta: { kind: ['x'] } },
  { id: '3', client_no: 1001, status: 'Ärger', amount: 1e6, meta: null },
  { id: 'b', status: 'zebra', amount: '10', paid: 1, tags: [] },
  { id: 'a', client_no: 1001, status: '\u{1F600}', amount: 2, paid: true, meta: { kind: 'x', n: '1' } },
  { id: 10, client_no: 1002.5, status: 'open', amount: 10, match_status: 'unmatched' },
  { id: 11, client_no: 1002, status: 'ﬀ', match_status: 'matched' },
];

/** Equalities, every operator, booleans, null, missing fields, dotted paths, ids, mixed brackets, $or/$and. */
const WHERES: Where[] = [
  {},
  { client_no: 1001 },
  { client_no: '1001' },
  { client_no: 1001, status: 'open' },
  { client_no: 1002, match_status: { $ne: 'unmatched' } },
  { status: null },
  { status: { $ne: null } },
  { missing: null },
  { paid: true },
  { paid: false },
  { paid: 1 },
  { amount: { $gt: 0 } },
  { amount: { $gte: 2, $lt: 10.5 } },
  { amount: { $lte: '10' } },
  { status: { $gt: 'open' } },
  { status: { $lt: 'zebra' } },
  { status: { $gte: 'ﬀ' } },
  { status: { $in: ['open', null, 'pending'] } },
  { status: { $nin: ['open', 'pending'] } },
  { client_no: { $in: [1001, '1001'] } },
  { client_no: { $in: [] } },
  { client_no: { $nin: [] } },
  { 'meta.kind': 'x' },
  { 'meta.kind': null },
  { 'meta.n': { $in: [1, '1'] } },
  { tags: null },
  { meta: { $ne: null } },
  { id: 3 },
  { id: '3' },
  { id: { $in: [1, 'a', 'zz', null] } },
  { id: { $ne: 1 } },
  { id: { $gt: 2 } },
  { id: { $gt: 'a' } },
  { id: true as unknown as string },
  { $or: [{ client_no: 1002 }, { status: 'open' }] },
  { $and: [{ client_no: 1001 }, { $or: [{ paid: true }, { amount: { $gt: 5 } }] }] },
  { client_no: 1001, $or: [{ status: { $in: ['open'] } }, { 'meta.kind': 'x' }] },
];

describe('a where-clause evaluated in memory', () => {
  it('finds exactly the records the SQLite store finds, for every kind of condition', async () => {
    const store = new SqliteReadStore(':memory:');
    await store.ensureCollections([{ name: 'records', indexes: [['client_no']] }]);
    await store.transaction(async (tx) => {
      for (const doc of DOCS) await tx.put('records', doc);
    });
    for (const where of WHERES) {
      const bySql = await store.transaction((tx) => tx.findWhere('records', where));
      const inMemory = DOCS.filter((doc) => matchesWhere(doc, where));
      expect({ where, ids: inMemory.map((d) => d.id).sort() }).toEqual({ where, ids: bySql.map((d) => d.id).sort() });
    }
    await store.close();
  });

  it('refuses an unknown operator as the store does', () => {
    expect(() => matchesWhere(DOCS[0]!, { amount: { $regex: 'x' } } as unknown as Where)).toThrow(/Unknown operator/);
  });
});
