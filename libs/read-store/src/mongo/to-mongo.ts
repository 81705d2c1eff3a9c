import { BadRequest } from '@portal/contracts';
import type { Query, Where } from '@portal/contracts';
import type { Document, Filter } from 'mongodb';
import type { MongoRecord } from './mongo-documents';
import type { Doc } from '../read-store.port';
import { isPlainObject } from '../shared/docs';
import { assertId } from '../shared/ids';
import { logicalBranches } from '../shared/where-operands';
import { assertFieldName } from '../shared/names';

const FIELD_OPERATORS: ReadonlySet<string> = new Set(['$in', '$nin', '$lt', '$lte', '$gt', '$gte', '$ne']);

/** The doc's `id` is MongoDB's `_id`. */
export function mongoField(field: string): string {
  return field === 'id' ? '_id' : assertFieldName(field);
}

/**
 * A Feathers where-clause as a MongoDB filter. The port's semantics are MongoDB's own, so this is
 * a checked copy with `id` renamed; the SQLite adapter is the one that emulates.
 */
export function toMongoFilter(where: Where): Filter<MongoRecord> {
  const filter: Record<string, unknown> = {};
  for (const key of Object.keys(where)) {
    const condition = where[key];
    if (condition === undefined) continue;
    if (key === '$or' || key === '$and') {
      filter[key] = logicalBranches(key, condition).map((branch) => toMongoFilter(branch));
    } else {
      filter[mongoField(key)] = fieldCondition(key, condition);
    }
  }
  return filter as Filter<MongoRecord>;
}

function fieldCondition(field: string, condition: unknown): unknown {
  if (isScalar(condition)) return condition === null ? null : { $eq: condition };
  if (!isPlainObject(condition) || Object.keys(condition).length === 0) throw BadRequest(`Unsupported condition on '${field}'`);
  const operators: Record<string, unknown> = {};
  for (const [operator, operand] of Object.entries(condition)) {
    if (!FIELD_OPERATORS.has(operator)) throw BadRequest(`Unknown operator '${operator}' on '${field}'`);
    if (operator === '$in' || operator === '$nin') {
      if (!Array.isArray(operand) || !operand.every(isScalar)) throw BadRequest(`${operator} on '${field}' must be an array of scalars`);
    } else if (!isScalar(operand) || (operand === null && operator !== '$ne')) {
      throw BadRequest(`${operator} on '${field}' must be a scalar`);
    }
    operators[operator] = operand;
  }
  return operators;
}

/** Sort pairs, always ending with `_id` so paging is deterministic (as in the SQLite adapter). */
export function toMongoSort(sort: Query['sort']): Array<[string, 1 | -1]> {
  const pairs = sort.map(([field, direction]): [string, 1 | -1] => [mongoField(field), direction === -1 ? -1 : 1]);
  if (!pairs.some(([field]) => field === '_id')) pairs.push(['_id', 1]);
  return pairs;
}

/** Top-level projection for `$select`; the exact (dotted) selection is then applied by pickFields. */
export function toMongoProjection(select: readonly string[]): Document {
  const projection: Document = { _id: 1 };
  for (const field of select) projection[mongoField(field).split('.')[0]!] = 1;
  return projection;
}

/** The record without MongoDB's `_id` and the full-text token field. */
export function fromMongoDoc(document: Document): Doc {
  const { _id, _fts: _tokens, ...rest } = document;
  return { id: assertId(_id), ...rest };
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}
