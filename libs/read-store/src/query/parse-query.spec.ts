import { PortalError } from '@portal/contracts';
import { parseQuery, type ParseQueryOptions } from './parse-query';

const options: ParseQueryOptions = {
  fields: ['name', 'status', 'amount', 'date', 'address.city'],
  defaultLimit: 25,
  maxLimit: 100,
  extraKeys: ['commandId', 'revision', 'client', 'search'],
};

function rejects(raw: unknown, message: RegExp): void {
  let caught: unknown;
  try {
    parseQuery(raw, options);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(PortalError);
  const error = caught as PortalError;
  expect(error.name).toBe('BadRequest');
  expect(error.code).toBe(400);
  expect(error.message).toMatch(message);
}

describe('parseQuery', () => {
  describe('accepted queries', () => {
    it('an absent query gives an empty where, no sort, skip 0 and the default limit', () => {
      expect(parseQuery(undefined, options)).toEqual({ query: { where: {}, sort: [], skip: 0, limit: 25 }, extras: {} });
      expect(parseQuery({}, options).query).toEqual({ where: {}, sort: [], skip: 0, limit: 25 });
    });

    it('equality on scalars is kept with its type, numeric strings stay strings', () => {
      const { query } = parseQuery({ name: 'Müller', amount: '42', status: null, date: false, id: 7 }, options);
      expect(query.where).toEqual({ name: 'Müller', amount: '42', status: null, date: false, id: 7 });
    });

    it('every field operator is accepted with scalar operands', () => {
      const raw = { amount: { $gt: 1, $gte: 2, $lt: 9, $lte: 8, $ne: 5 }, status: { $in: ['a', null, 1, true], $nin: [] } };
      expect(parseQuery(raw, options).query.where).toEqual(raw);
    });

    it('$or and $and are parsed recursively up to four levels', () => {
      const raw = { $or: [{ name: 'a' }, { $and: [{ status: 'x' }, { $or: [{ amount: 1 }, { $and: [{ date: '2024' }] }] }] }] };
      expect(parseQuery(raw, options).query.where).toEqual(raw);
    });

    it('$limit, $skip and $sort directions accept numbers and numeric strings', () => {
      const { query } = parseQuery({ $limit: '10', $skip: '20', $sort: { date: '-1', name: 1, amount: '1', id: -1 } }, options);
      expect(query).toEqual({
        where: {},
        limit: 10,
        skip: 20,
        sort: [
          ['date', -1],
          ['name', 1],
          ['amount', 1],
          ['id', -1],
        ],
      });
    });

    it('$limit 0 is allowed for counting and $limit may equal the maximum', () => {
      expect(parseQuery({ $limit: 0 }, options).query.limit).toBe(0);
      expect(parseQuery({ $limit: 100 }, options).query.limit).toBe(100);
    });

    it('$select keeps the listed fields once each, dotted paths included', () => {
      expect(parseQuery({ $select: ['name', 'address.city', 'name'] }, options).query.select).toEqual(['name', 'address.city']);
    });

    it('extra keys go to extras and not into the where-clause', () => {
      const parsed = parseQuery({ commandId: 'c-1', revision: '3', search: 'rechnung', name: 'x' }, options);
      expect(parsed.extras).toEqual({ commandId: 'c-1', revision: '3', search: 'rechnung' });
      expect(parsed.query.where).toEqual({ name: 'x' });
    });

    it('id is queryable even when the service lists no fields', () => {
      expect(parseQuery({ id: { $in: [1, 'a'] } }, { fields: [], defaultLimit: 10, maxLimit: 10 }).query.where).toEqual({ id: { $in: [1, 'a'] } });
    });

    it('1000 entries in $in are accepted', () => {
      const list = Array.from({ length: 1000 }, (_, i) => i);
      expect(parseQuery({ amount: { $in: list } }, options).query.where).toEqual({ amount: { $in: list } });
    });
  });

  describe('rejected queries answer BadRequest', () => {
    it.each([
      ['a null query', null, /must be an object/],
      ['an array as query', [], /must be an object/],
      ['a string as query', 'name=x', /must be an object/],
      ['an unknown top-level operator', { $where: 'x' }, /unknown operator '\$where'/],
      ['an unknown field operator', { name: { $regex: '^a' } }, /unknown operator '\$regex' on 'name'/],
      ['a field the service does not expose', { password: 'x' }, /'password' is not a queryable field/],
      ['a field not exposed inside $or', { $or: [{ secret: 1 }] }, /'secret' is not a queryable field/],
      ['an object as a value', { name: { first: 'a' } }, /'name' must not be an object/],
      ['an empty object as a value', { name: {} }, /must not be an empty object/],
      ['an array as a value', { name: ['a', 'b'] }, /use \$in/],
      ['an object inside $in', { name: { $in: [{ a: 1 }] } }, /\$in on 'name' takes strings, numbers, booleans or null/],
      ['$in that is not an array', { name: { $in: 'a' } }, /\$in on 'name' must be an array/],
      ['$nin that is not an array', { name: { $nin: 1 } }, /\$nin on 'name' must be an array/],
      ['more than 1000 entries in $in', { amount: { $in: Array.from({ length: 1001 }, (_, i) => i) } }, /more than 1000 entries/],
      ['an object as $ne operand', { name: { $ne: { a: 1 } } }, /\$ne on 'name' takes/],
      ['null as a range bound', { amount: { $gt: null } }, /\$gt on 'amount' takes a string, number or boolean/],
      ['an array as a range bound', { amount: { $lt: [1] } }, /\$lt on 'amount' takes/],
      ['a number that is not finite', { amount: Number.POSITIVE_INFINITY }, /not finite/],
      ['$or that is not an array', { $or: { name: 'a' } }, /\$or must be a non-empty array/],
      ['an empty $and', { $and: [] }, /\$and must be a non-empty array/],
      ['a non-object $or entry', { $or: ['name'] }, /every \$or entry must be an object/],
      ['more than 100 $or entries', { $or: Array.from({ length: 101 }, () => ({ name: 'a' })) }, /more than 100 entries/],
      ['$or nested five levels deep', { $or: [{ $and: [{ $or: [{ $and: [{ $or: [{ name: 'a' }] }] }] }] }] }, /nested more than 4 levels deep/],
      ['$limit above the maximum', { $limit: 101 }, /\$limit must not be more than 100/],
      ['a negative $limit', { $limit: -1 }, /\$limit must be a non-negative integer/],
      ['a fractional $limit', { $limit: 1.5 }, /\$limit must be a non-negative integer/],
      ['a non-numeric $limit string', { $limit: '10abc' }, /\$limit must be a non-negative integer/],
      ['a non-integer $skip', { $skip: 2.5 }, /\$skip must be a non-negative integer/],
      ['a negative $skip string', { $skip: '-3' }, /\$skip must be a non-negative integer/],
      ['a boolean $skip', { $skip: true }, /\$skip must be a non-negative integer/],
      ['$sort that is not an object', { $sort: 'name' }, /\$sort must be an object/],
      ['a $sort direction other than 1 or -1', { $sort: { name: 2 } }, /direction of 'name' must be 1 or -1/],
      ['a $sort direction word', { $sort: { name: 'asc' } }, /direction of 'name' must be 1 or -1/],
      ['a $sort on a field not exposed', { $sort: { secret: 1 } }, /'secret' is not a queryable field/],
      ['$select that is not an array', { $select: 'name' }, /\$select must be an array/],
      ['$select with a non-string entry', { $select: [1] }, /\$select must be an array/],
      ['$select of a field not exposed', { $select: ['secret'] }, /'secret' is not a queryable field/],
      ['a __proto__ key', JSON.parse('{"__proto__": {"polluted": true}}') as unknown, /'__proto__' is not allowed/],
      ['a constructor key', { constructor: 'x' }, /'constructor' is not allowed/],
      ['a prototype key inside an operator object', { name: { prototype: 1 } }, /'prototype' is not allowed/],
      ['a __proto__ key inside $or', { $or: [JSON.parse('{"__proto__": 1}') as unknown] }, /'__proto__' is not allowed/],
      ['a constructor key in $sort', { $sort: { constructor: 1 } }, /'constructor' is not allowed/],
    ])('%s', (_name, raw, message) => {
      rejects(raw, message);
    });

    it('a forbidden key is refused even when the service lists it as a field', () => {
      expect(() => parseQuery({ constructor: 1 }, { ...options, fields: ['constructor'] })).toThrow(/not allowed/);
    });
  });

  describe('one query cannot make the store work without bound', () => {
    it('$or of 100 × $or of 100 conditions is refused with the count', () => {
      const raw = { $or: Array.from({ length: 100 }, (_, i) => ({ $or: Array.from({ length: 100 }, (_, j) => ({ name: `n${i}-${j}` })) })) };
      rejects(raw, /more than 200 conditions \(found 10000\)/);
    });

    it('100 × $in of 1000 values is refused before it reaches SQLite', () => {
      const raw = { $or: Array.from({ length: 100 }, (_, i) => ({ amount: { $in: Array.from({ length: 1000 }, (_, j) => i * 1000 + j) } })) };
      rejects(raw, /more than 2000 values in conditions \(found 100000\)/);
    });

    it('up to 200 conditions and 2000 values pass', () => {
      const values = {
        $or: [{ amount: { $in: Array.from({ length: 1000 }, (_, j) => j) } }, { status: { $in: Array.from({ length: 1000 }, (_, j) => `s${j}`) } }],
      };
      expect(() => parseQuery(values, options)).not.toThrow();
      const conditions = { $or: Array.from({ length: 100 }, (_, i) => ({ name: `n${i}`, status: 'open' })) };
      expect(() => parseQuery(conditions, options)).not.toThrow();
      rejects({ ...conditions, amount: 1 }, /more than 200 conditions \(found 201\)/);
    });
  });
});
