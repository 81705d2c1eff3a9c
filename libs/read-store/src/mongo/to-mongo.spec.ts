import { fromMongoDoc, toMongoFilter, toMongoProjection, toMongoSort } from './to-mongo';

describe('translation of port queries to MongoDB', () => {
  it('renames id to _id at every level and wraps scalar equality in $eq', () => {
    expect(toMongoFilter({ id: 1, kind: 'a', $or: [{ id: { $in: [2, 'x'] } }, { $and: [{ n: { $gt: 1, $lte: 5 } }] }] })).toEqual({
      _id: { $eq: 1 },
      kind: { $eq: 'a' },
      $or: [{ _id: { $in: [2, 'x'] } }, { $and: [{ n: { $gt: 1, $lte: 5 } }] }],
    });
  });

  it('keeps null equality as null, which MongoDB matches against null and missing fields', () => {
    expect(toMongoFilter({ n: null, m: { $ne: null } })).toEqual({ n: null, m: { $ne: null } });
  });

  it('refuses unknown operators, object values and unsafe field names', () => {
    expect(() => toMongoFilter({ n: { $regex: 'a' } as never })).toThrow(/Unknown operator/);
    expect(() => toMongoFilter({ n: {} })).toThrow(/Unsupported condition/);
    expect(() => toMongoFilter({ $where: 'x' } as never)).toThrow(/Invalid field name/);
    expect(() => toMongoFilter({ n: { $lt: null } })).toThrow(/must be a scalar/);
  });

  it('ends every sort with _id ascending unless id is already sorted', () => {
    expect(toMongoSort([['n', -1]])).toEqual([
      ['n', -1],
      ['_id', 1],
    ]);
    expect(toMongoSort([['id', -1]])).toEqual([['_id', -1]]);
  });

  it('projects the top-level fields of a selection', () => {
    expect(toMongoProjection(['a.b', 'a.c', 'd', 'id'])).toEqual({ _id: 1, a: 1, d: 1 });
  });

  it('turns _id back into the doc id with its type', () => {
    expect(fromMongoDoc({ _id: 5, a: 1 })).toEqual({ id: 5, a: 1 });
    expect(fromMongoDoc({ _id: '5' })).toEqual({ id: '5' });
  });
});
